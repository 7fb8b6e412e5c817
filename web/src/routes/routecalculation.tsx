import { createFileRoute } from '@tanstack/react-router'
import { Page } from '../app/Frame.tsx'
import { RouteCalculationPage } from '../features/model/RouteCalculationPage.tsx'

export const Route = createFileRoute('/routecalculation')({ component: RouteCalculation })

function RouteCalculation() {
  return (
    <Page title="How safety scores are calculated" className="routecalculation">
      <RouteCalculationPage />
    </Page>
  )
}
