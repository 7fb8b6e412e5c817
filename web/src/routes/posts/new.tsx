import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../../app/Frame.tsx'

export const Route = createFileRoute('/posts/new')({ component: NewPost })

function NewPost() {
  return <NotYet title="Create a post" />
}
