import { createFileRoute } from '@tanstack/react-router'
import { StoryPage } from '../../../features/stories/StoryPage.tsx'

export const Route = createFileRoute('/blog/stories/$id')({ component: Story })

function Story() {
  const { id } = Route.useParams()
  return <StoryPage key={id} id={id} />
}
