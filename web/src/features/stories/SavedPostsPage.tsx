import { Link } from '@tanstack/react-router'
import type { User } from '@wings/contract'
import { Card } from '../../ui/Card.tsx'
import { AuthorPage, ItemList } from './AuthorParts.tsx'
import { useSavedPosts } from './useStories.ts'

/** /blog/$id/saved: her saved posts (the path's id is hers, as in the spec). */
export function SavedPostsPage({ id }: { id: string }) {
  return (
    <AuthorPage title="Saved posts" redirect={`/blog/${id}/saved`}>
      {(user) => <SavedList user={user} />}
    </AuthorPage>
  )
}

function SavedList({ user }: { user: User }) {
  const result = useSavedPosts(user._id, user.savedPosts)
  const items = result.data
  return (
    <ItemList
      top={<Link to="/blog">Back to stories</Link>}
      result={result}
      items={items}
      hasCopy={Boolean(items)}
      empty="No saved posts yet."
    >
      {(item) => (
        <Card className="item">
          <Link to="/user/saved/$id" params={{ id: item._id }}>
            {item.title}
          </Link>
        </Card>
      )}
    </ItemList>
  )
}
