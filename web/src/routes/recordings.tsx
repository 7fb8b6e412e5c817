import { createFileRoute } from '@tanstack/react-router'
import { useT } from '../features/evidence/messages.ts'
import { RecordingsPage } from '../features/evidence/RecordingsPage.tsx'
import { pageOf } from '../ui/Page.tsx'

export const Route = createFileRoute('/recordings')({
  component: pageOf(() => useT()('pageTitle'), 'recordings-page', RecordingsPage),
})
