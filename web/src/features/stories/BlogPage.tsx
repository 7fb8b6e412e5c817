/** /blog: the stories feed, page by page, with the sidebar lists and the author menu. */
import { Link } from '@tanstack/react-router'
import { Button } from '../../ui/Button.tsx'
import { LinkList, type ListedLink } from '../../ui/LinkList.tsx'
import { Page } from '../../ui/Page.tsx'
import { useAuth } from '../auth/index.ts'
import type { SideList } from './api.ts'
import { type BlogSearch, SIDE_LISTS } from './lists.ts'
import { type StoryKey, T, useT } from './messages.ts'
import { LoadNote, StoryCard } from './StoryParts.tsx'
import { useFeedPage, useSideList } from './useStories.ts'
import './stories.css'

const AUTHOR_LINKS: ReadonlyArray<{ to: ListedLink['to']; label: StoryKey }> = [
  { to: '/posts/new', label: 'create' },
  { to: '/user/posts', label: 'myPosts' },
  { to: '/user/drafts', label: 'drafts' },
]

/** Each sidebar list's button and heading in her language. */
const LIST_TEXT: Record<SideList, { label: StoryKey; heading: StoryKey }> = {
  trending: { label: 'listTrending', heading: 'headingTrending' },
  mostliked: { label: 'listMostLiked', heading: 'headingMostLiked' },
  mostviewed: { label: 'listMostViewed', heading: 'headingMostViewed' },
  recent: { label: 'listRecent', heading: 'headingRecent' },
}

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
  const t = useT()
  const { user } = useAuth()
  return (
    <Page title={t('storiesTitle')} className="blog">
      <div className="blog__layout">
        <div className="blog__main">
          {list ? (
            <SideListView list={list} onBack={() => onNavigate({ page })} />
          ) : (
            <FeedView page={page} onPage={(p) => onNavigate({ page: p })} />
          )}
        </div>
        <aside className="blog__sidebar" aria-label={t('blogMenu')}>
          <nav aria-label={t('storyLists')} className="blog__lists">
            {SIDE_LISTS.map((item) => (
              <Button
                key={item.list}
                variant={list === item.list ? 'primary' : 'secondary'}
                size="sm"
                aria-pressed={list === item.list}
                onClick={() => onNavigate(list === item.list ? { page } : { list: item.list })}
              >
                {t(LIST_TEXT[item.list].label)}
              </Button>
            ))}
            {user ? (
              <Button variant="secondary" size="sm" onClick={() => onSaved(user._id)}>
                {t('savedPosts')}
              </Button>
            ) : null}
          </nav>
          <nav aria-label={t('authorMenu')} className="blog__author">
            <h2 className="blog__menu-title">{t('write')}</h2>
            <LinkList className="inline-list" links={AUTHOR_LINKS.map(({ to, label }) => ({ to, label: t(label) }))} />
          </nav>
        </aside>
      </div>
    </Page>
  )
}

function FeedView({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const t = useT()
  const { user } = useAuth()
  const feed = useFeedPage(page)
  const data = feed.data
  const totalPages = Math.max(1, data?.totalPages ?? 1)
  const { loading } = feed
  return (
    <section aria-label={t('allStories')} aria-busy={loading} className="blog__feed">
      <LoadNote offline={feed.offline} failed={feed.error !== null} hasCopy={Boolean(data)} error={feed.error} />
      {loading ? <p className="muted">{t('loadingStories')}</p> : null}
      {data && data.stories.length === 0 ? (
        <p>
          <T k={page > 1 ? 'noStoriesOnPage' : 'noStoriesYetShare'} components={{ 0: <Link to="/posts/new" /> }} />
        </p>
      ) : null}
      <div className="story-list">
        {data?.stories.map((story) => (
          <StoryCard key={story._id} story={story} user={user} />
        ))}
      </div>
      {loading ? null : (
        <nav className="pager" aria-label={t('pages')}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('previous')}
          </Button>
          <span className="pager__text">{t('pageOf', { page: String(page), total: String(totalPages) })}</span>
          <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            {t('next')}
          </Button>
        </nav>
      )}
    </section>
  )
}

function SideListView({ list, onBack }: { list: SideList; onBack: () => void }) {
  const t = useT()
  const { user } = useAuth()
  const result = useSideList(list)
  const heading = t(LIST_TEXT[list].heading)
  const data = result.data
  const { loading } = result
  return (
    <section aria-labelledby="side-list-heading" aria-busy={loading} className="blog__feed">
      <div className="blog__list-head">
        <h2 id="side-list-heading">{heading}</h2>
        <Button variant="ghost" size="sm" onClick={onBack}>
          {t('allStories')}
        </Button>
      </div>
      <LoadNote offline={result.offline} failed={result.error !== null} hasCopy={Boolean(data)} error={result.error} />
      {loading ? <p className="muted">{t('loadingStories')}</p> : null}
      {data && data.stories.length === 0 ? <p>{t('noStoriesYet')}</p> : null}
      <div className="story-list">
        {data?.stories.map((story) => (
          <StoryCard key={story._id} story={story} user={user} level={3} />
        ))}
      </div>
    </section>
  )
}
