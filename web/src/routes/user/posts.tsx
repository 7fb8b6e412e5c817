import { createFileRoute } from '@tanstack/react-router'
import { MyPostsPage } from '../../features/stories/MyPostsPage.tsx'

export const Route = createFileRoute('/user/posts')({ component: MyPostsPage })
