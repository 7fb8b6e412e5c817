import { createFileRoute } from '@tanstack/react-router'
import { NewPostPage } from '../../features/stories/AuthorPages.tsx'

export const Route = createFileRoute('/posts/new')({ component: NewPostPage })
