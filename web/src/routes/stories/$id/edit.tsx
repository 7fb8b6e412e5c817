import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../../../app/Frame.tsx'

export const Route = createFileRoute('/stories/$id/edit')({ component: EditPost })

function EditPost() {
  return <NotYet title="Edit post" />
}
