import { Link, useNavigate } from '@tanstack/react-router'
import { StoryMessages, type User } from '@wings/contract'
import { AuthorPage, DeleteButton, IconButton, ItemCard, useConfirmedDelete, WrittenList } from './AuthorParts.tsx'
import { excerpt } from './format.ts'
import { PencilIcon } from './icons.tsx'
import { deleteStory } from './ops.ts'
import { StoryMeta } from './StoryParts.tsx'
import { useMyStories } from './useStories.ts'

/** /user/posts */
export function MyPostsPage() {
  return (
    <AuthorPage title="My posts" redirect="/user/posts">
      {(user) => <MyPosts user={user} />}
    </AuthorPage>
  )
}

function MyPosts({ user }: { user: User }) {
  const navigate = useNavigate()
  const result = useMyStories(user._id)
  const deletion = useConfirmedDelete('post', deleteStory, StoryMessages.deleted)
  return (
    <WrittenList result={result} empty="You have not posted a story yet." dialog={deletion.dialog}>
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
                label={`Edit ${story.title}`}
                onClick={() => void navigate({ to: '/stories/$id/edit', params: { id: story._id } })}
              >
                <PencilIcon />
              </IconButton>
              <DeleteButton label={`Delete ${story.title}`} onClick={() => deletion.ask(story._id, story.title)} />
            </>
          }
        >
          <StoryMeta story={story} />
          {story.underReview ? <p className="saved-badge">Under review: only you can see it</p> : null}
          <p className="item__excerpt">{excerpt(story.content)}</p>
        </ItemCard>
      )}
    </WrittenList>
  )
}
