import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../app/Frame.tsx'

export const Route = createFileRoute('/routeplanner')({ component: RoutePlanner })

function RoutePlanner() {
  return <NotYet title="Safe Route Planner" />
}
