import { createFileRoute } from '@tanstack/react-router'
import { useT } from '../features/model/messages.ts'
import { RouteCalculationPage } from '../features/model/RouteCalculationPage.tsx'
import { pageOf } from '../ui/Page.tsx'

export const Route = createFileRoute('/routecalculation')({
  component: pageOf(() => useT()('title'), 'routecalculation', RouteCalculationPage),
})
