import { createFileRoute } from '@tanstack/react-router'
import { SavedPostsPage } from '../../../features/stories/SavedPostsPage.tsx'

export const Route = createFileRoute('/blog/$id/saved')({ component: SavedPosts })

function SavedPosts() {
  const { id } = Route.useParams()
  return <SavedPostsPage key={id} id={id} />
}
