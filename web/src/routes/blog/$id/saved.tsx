import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../../../app/Frame.tsx'

export const Route = createFileRoute('/blog/$id/saved')({ component: SavedPosts })

function SavedPosts() {
  return <NotYet title="Saved posts" />
}
