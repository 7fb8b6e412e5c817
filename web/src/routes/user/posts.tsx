import { createFileRoute } from '@tanstack/react-router'
import { MyPostsPage } from '../../features/stories/AuthorPages.tsx'

export const Route = createFileRoute('/user/posts')({ component: MyPostsPage })
