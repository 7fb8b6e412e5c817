import { createFileRoute } from '@tanstack/react-router'
import { DraftPage } from '../../../features/stories/DraftPage.tsx'

export const Route = createFileRoute('/user/draft/$id')({ component: EditDraft })

function EditDraft() {
  const { id } = Route.useParams()
  return <DraftPage key={id} id={id} />
}
