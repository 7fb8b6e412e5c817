import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../../app/Frame.tsx'

export const Route = createFileRoute('/user/drafts')({ component: Drafts })

function Drafts() {
  return <NotYet title="Drafts" />
}
