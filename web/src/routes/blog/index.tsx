import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { BlogPage } from '../../features/stories/BlogPage.tsx'
import { validateBlogSearch } from '../../features/stories/lists.ts'

export const Route = createFileRoute('/blog/')({
  validateSearch: validateBlogSearch,
  component: Blog,
})

function Blog() {
  const { page = 1, list } = Route.useSearch()
  const navigate = useNavigate()
  return (
    <BlogPage
      page={page}
      list={list}
      onNavigate={(search) =>
        void navigate({ to: '/blog', search: search.page === 1 ? { list: search.list } : search })
      }
      onSaved={(id) => void navigate({ to: '/blog/$id/saved', params: { id } })}
    />
  )
}
