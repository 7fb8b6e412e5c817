import { Link, useNavigate } from '@tanstack/react-router'
import type { User } from '@wings/contract'
import { AuthorPage, DeleteButton, IconButton, ItemCard, useConfirmedDelete, WrittenList } from './AuthorParts.tsx'
import { excerpt } from './format.ts'
import { PencilIcon } from './icons.tsx'
import { useT } from './messages.ts'
import { deleteStory } from './ops.ts'
import { StoryMeta } from './StoryParts.tsx'
import { useMyStories } from './useStories.ts'

/** /user/posts */
export function MyPostsPage() {
  const t = useT()
  return (
    <AuthorPage title={t('myPosts')} redirect="/user/posts">
      {(user) => <MyPosts user={user} />}
    </AuthorPage>
  )
}

function MyPosts({ user }: { user: User }) {
  const t = useT()
  const navigate = useNavigate()
  const result = useMyStories(user._id)
  const deletion = useConfirmedDelete('post', deleteStory, () => t('postDeleted'))
  return (
    <WrittenList result={result} empty={t('noPosts')} dialog={deletion.dialog}>
      {(story) => (
        <ItemCard
          title={
            <Link to="/blog/stories/$id" params={{ id: story._id }}>
              {story.title}
            </Link>
          }
          actions={
            <>
              <IconButton
                label={t('editNamed', { title: story.title })}
                onClick={() => void navigate({ to: '/stories/$id/edit', params: { id: story._id } })}
              >
                <PencilIcon />
              </IconButton>
              <DeleteButton
                label={t('deleteNamed', { title: story.title })}
                onClick={() => deletion.ask(story._id, story.title)}
              />
            </>
          }
        >
          <StoryMeta story={story} />
          {story.underReview ? <p className="saved-badge">{t('underReviewBadge')}</p> : null}
          <p className="item__excerpt">{excerpt(story.content)}</p>
        </ItemCard>
      )}
    </WrittenList>
  )
}
