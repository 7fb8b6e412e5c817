import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../../app/Frame.tsx'

export const Route = createFileRoute('/user/posts')({ component: MyPosts })

function MyPosts() {
  return <NotYet title="My posts" />
}
