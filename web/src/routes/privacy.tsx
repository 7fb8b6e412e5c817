import { createFileRoute } from '@tanstack/react-router'
import { useT } from '../features/privacy/messages.ts'
import { PrivacyPage } from '../features/privacy/PrivacyPage.tsx'
import { pageOf } from '../ui/Page.tsx'

export const Route = createFileRoute('/privacy')({
  component: pageOf(() => useT()('title'), 'prose privacy', PrivacyPage),
})
