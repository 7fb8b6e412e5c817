import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../../../app/Frame.tsx'

export const Route = createFileRoute('/blog/stories/$id')({ component: Story })

function Story() {
  return <NotYet title="Story" />
}
