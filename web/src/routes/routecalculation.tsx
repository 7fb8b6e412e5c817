import { createFileRoute } from '@tanstack/react-router'
import { RouteCalculationPage } from '../features/model/RouteCalculationPage.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/routecalculation')({ component: RouteCalculation })

function RouteCalculation() {
  return (
    <Page title="How safety scores are calculated" className="routecalculation">
      <RouteCalculationPage />
    </Page>
  )
}
