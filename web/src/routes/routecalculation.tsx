import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../app/Frame.tsx'

export const Route = createFileRoute('/routecalculation')({ component: RouteCalculation })

function RouteCalculation() {
  return <NotYet title="How safety scores are calculated" />
}
