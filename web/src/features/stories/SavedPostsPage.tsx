import { Link } from '@tanstack/react-router'
import type { User } from '@wings/contract'
import { Card } from '../../ui/Card.tsx'
import { AuthorPage, ItemList } from './AuthorParts.tsx'
import { useT } from './messages.ts'
import { useSavedPosts } from './useStories.ts'

/** /blog/$id/saved: her saved posts (the path's id is hers, as in the spec). */
export function SavedPostsPage({ id }: { id: string }) {
  const t = useT()
  return (
    <AuthorPage title={t('savedPosts')} redirect={`/blog/${id}/saved`}>
      {(user) => <SavedList user={user} />}
    </AuthorPage>
  )
}

function SavedList({ user }: { user: User }) {
  const t = useT()
  const result = useSavedPosts(user._id, user.savedPosts)
  const items = result.data
  return (
    <ItemList
      top={<Link to="/blog">{t('backToStories')}</Link>}
      result={result}
      items={items}
      hasCopy={Boolean(items)}
      empty={t('noSavedPosts')}
    >
      {(item) => (
        <Card className="item">
          <Link to="/user/saved/$id" params={{ id: item._id }}>
            {item.title || t('untitledPost')}
          </Link>
        </Card>
      )}
    </ItemList>
  )
}
