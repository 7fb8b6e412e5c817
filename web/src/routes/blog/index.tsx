import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { BlogPage } from '../../features/stories/BlogPage.tsx'
import { validateBlogSearch } from '../../features/stories/lists.ts'
import { feedQuery, sideListQuery } from '../../features/stories/queries.ts'

export const Route = createFileRoute('/blog/')({
  validateSearch: validateBlogSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, list: search.list }),
  // Starts the list's request at once, not after the screen's code has arrived; the screen shows it when stored.
  loader: ({ context: { queryClient }, deps: { page, list } }) => {
    if (list) void queryClient.prefetchQuery(sideListQuery(list))
    else void queryClient.prefetchQuery(feedQuery(page))
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
