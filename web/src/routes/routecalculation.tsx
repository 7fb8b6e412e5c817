import { createFileRoute } from '@tanstack/react-router'
import { RouteCalculationPage } from '../features/model/RouteCalculationPage.tsx'
import { pageOf } from '../ui/Page.tsx'

export const Route = createFileRoute('/routecalculation')({
  component: pageOf('How safety scores are calculated', 'routecalculation', RouteCalculationPage),
})
