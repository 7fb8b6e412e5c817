import { createFileRoute } from '@tanstack/react-router'
import { NewPostPage } from '../../features/stories/NewPostPage.tsx'

export const Route = createFileRoute('/posts/new')({ component: NewPostPage })
