import { createFileRoute } from '@tanstack/react-router'
import { DraftsPage } from '../../features/stories/AuthorPages.tsx'

export const Route = createFileRoute('/user/drafts')({ component: DraftsPage })
