import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../app/Frame.tsx'

export const Route = createFileRoute('/routes')({ component: SavedRoutes })

function SavedRoutes() {
  return <NotYet title="Saved Routes" />
}
