import { createFileRoute } from '@tanstack/react-router'
import { SavedStoryPage } from '../../../features/stories/StoryPage.tsx'

export const Route = createFileRoute('/user/saved/$id')({ component: SavedStory })

function SavedStory() {
  const { id } = Route.useParams()
  return <SavedStoryPage key={id} id={id} />
}
