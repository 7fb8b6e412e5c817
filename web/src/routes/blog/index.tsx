import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { BlogPage, type BlogSearch, SIDE_LISTS } from '../../features/stories/BlogPage.tsx'

export const Route = createFileRoute('/blog/')({
  validateSearch: (search: Record<string, unknown>): BlogSearch => {
    const out: BlogSearch = {}
    const page = Number(search.page)
    if (Number.isInteger(page) && page > 1) out.page = page
    const list = SIDE_LISTS.find((l) => l.list === search.list)?.list
    if (list) out.list = list
    return out
  },
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
