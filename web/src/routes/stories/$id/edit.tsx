import { createFileRoute } from '@tanstack/react-router'
import { EditPostPage } from '../../../features/stories/EditPostPage.tsx'

export const Route = createFileRoute('/stories/$id/edit')({ component: EditPost })

function EditPost() {
  const { id } = Route.useParams()
  return <EditPostPage key={id} id={id} />
}
