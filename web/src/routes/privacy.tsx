import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPage } from '../features/privacy/PrivacyPage.tsx'
import { pageOf } from '../ui/Page.tsx'

export const Route = createFileRoute('/privacy')({ component: pageOf('Privacy', 'prose privacy', PrivacyPage) })
