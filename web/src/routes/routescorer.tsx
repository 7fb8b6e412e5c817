import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../app/Frame.tsx'

export const Route = createFileRoute('/routescorer')({ component: RouteScorer })

function RouteScorer() {
  return <NotYet title="Route Safety Estimator" />
}
