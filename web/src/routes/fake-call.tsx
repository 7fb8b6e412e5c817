import { createFileRoute } from '@tanstack/react-router'
import { FakeCallPage } from '../features/fake-call/FakeCallPage.tsx'
import { useT } from '../features/fake-call/messages.ts'
import { pageOf } from '../ui/Page.tsx'

export const Route = createFileRoute('/fake-call')({
  component: pageOf(() => useT()('pageTitle'), 'fake-call-page', FakeCallPage),
})
