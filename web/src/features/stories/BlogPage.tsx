/** /blog: the stories feed, page by page, with the sidebar lists and the author menu. */
import { Link } from '@tanstack/react-router'
import { Button } from '../../ui/Button.tsx'
import { LinkList, type ListedLink } from '../../ui/LinkList.tsx'
import { Page } from '../../ui/Page.tsx'
import { useAuth } from '../auth/index.ts'
import type { SideList } from './api.ts'
import { type BlogSearch, SIDE_LISTS } from './lists.ts'
import { LoadNote, StoryCard } from './StoryParts.tsx'
import { useFeedPage, useSideList } from './useStories.ts'
import './stories.css'

const AUTHOR_LINKS: ListedLink[] = [
  { to: '/posts/new', label: 'Create' },
  { to: '/user/posts', label: 'My posts' },
  { to: '/user/drafts', label: 'Drafts' },
]

export function BlogPage({
  page,
  list,
  onNavigate,
  onSaved,
}: {
  page: number
  list: SideList | undefined
  onNavigate: (search: BlogSearch) => void
  onSaved: (userId: string) => void
}) {
  const { user } = useAuth()
  return (
    <Page title="Stories" className="blog">
      <div className="blog__layout">
        <div className="blog__main">
          {list ? (
            <SideListView list={list} onBack={() => onNavigate({ page })} />
          ) : (
            <FeedView page={page} onPage={(p) => onNavigate({ page: p })} />
          )}
        </div>
        <aside className="blog__sidebar" aria-label="Blog menu">
          <nav aria-label="Story lists" className="blog__lists">
            {SIDE_LISTS.map((item) => (
              <Button
                key={item.list}
                variant={list === item.list ? 'primary' : 'secondary'}
                size="sm"
                aria-pressed={list === item.list}
                onClick={() => onNavigate(list === item.list ? { page } : { list: item.list })}
              >
                {item.label}
              </Button>
            ))}
            {user ? (
              <Button variant="secondary" size="sm" onClick={() => onSaved(user._id)}>
                Saved posts
              </Button>
            ) : null}
          </nav>
          <nav aria-label="Author menu" className="blog__author">
            <h2 className="blog__menu-title">Write</h2>
            <LinkList className="inline-list" links={AUTHOR_LINKS} />
          </nav>
        </aside>
      </div>
    </Page>
  )
}

function FeedView({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { user } = useAuth()
  const feed = useFeedPage(page)
  const data = feed.data
  const totalPages = Math.max(1, data?.totalPages ?? 1)
  const { loading } = feed
  return (
    <section aria-label="All stories" aria-busy={loading} className="blog__feed">
      <LoadNote offline={feed.offline} failed={feed.error !== null} hasCopy={Boolean(data)} />
      {loading ? <p className="muted">Loading stories…</p> : null}
      {data && data.stories.length === 0 ? (
        <p>
          {page > 1 ? 'No stories on this page.' : 'No stories yet.'} <Link to="/posts/new">Share yours</Link>.
        </p>
      ) : null}
      <div className="story-list">
        {data?.stories.map((story) => (
          <StoryCard key={story._id} story={story} user={user} />
        ))}
      </div>
      {loading ? null : (
        <nav className="pager" aria-label="Pages">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="pager__text">{`page ${page} / ${totalPages}`}</span>
          <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </section>
  )
}

function SideListView({ list, onBack }: { list: SideList; onBack: () => void }) {
  const { user } = useAuth()
  const result = useSideList(list)
  const heading = SIDE_LISTS.find((l) => l.list === list)?.heading ?? 'Stories'
  const data = result.data
  const { loading } = result
  return (
    <section aria-labelledby="side-list-heading" aria-busy={loading} className="blog__feed">
      <div className="blog__list-head">
        <h2 id="side-list-heading">{heading}</h2>
        <Button variant="ghost" size="sm" onClick={onBack}>
          All stories
        </Button>
      </div>
      <LoadNote offline={result.offline} failed={result.error !== null} hasCopy={Boolean(data)} />
      {loading ? <p className="muted">Loading stories…</p> : null}
      {data && data.stories.length === 0 ? <p>No stories yet.</p> : null}
      <div className="story-list">
        {data?.stories.map((story) => (
          <StoryCard key={story._id} story={story} user={user} level={3} />
        ))}
      </div>
    </section>
  )
}
