import { createFileRoute } from '@tanstack/react-router'
import { EstimatorPage } from '../features/estimator/EstimatorPage.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/routescorer')({ component: RouteScorer })

function RouteScorer() {
  return (
    <Page title="Route Safety Estimator" className="routescorer">
      <EstimatorPage />
    </Page>
  )
}
