import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../../app/Frame.tsx'

export const Route = createFileRoute('/blog/')({ component: Blog })

function Blog() {
  return <NotYet title="Stories" />
}
