import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../../../app/Frame.tsx'

export const Route = createFileRoute('/user/draft/$id')({ component: EditDraft })

function EditDraft() {
  return <NotYet title="Edit draft" />
}
