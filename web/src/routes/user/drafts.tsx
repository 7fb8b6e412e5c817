import { createFileRoute } from '@tanstack/react-router'
import { DraftsPage } from '../../features/stories/DraftsPage.tsx'

export const Route = createFileRoute('/user/drafts')({ component: DraftsPage })
