import { createFileRoute } from '@tanstack/react-router'
import { NotYet } from '../../../app/Frame.tsx'

export const Route = createFileRoute('/user/saved/$id')({ component: SavedStory })

function SavedStory() {
  return <NotYet title="Saved story" />
}
