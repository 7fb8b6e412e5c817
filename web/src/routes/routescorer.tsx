import { createFileRoute } from '@tanstack/react-router'
import { Page } from '../app/Frame.tsx'
import { EstimatorPage } from '../features/estimator/EstimatorPage.tsx'

export const Route = createFileRoute('/routescorer')({ component: RouteScorer })

function RouteScorer() {
  return (
    <Page title="Route Safety Estimator" className="routescorer">
      <EstimatorPage />
    </Page>
  )
}
