import { Link, useNavigate } from '@tanstack/react-router'
import { StoryMessages, type User } from '@wings/contract'
import { AuthorPage, NotReady, useToastedSave } from './AuthorParts.tsx'
import { EditPostForm } from './Editors.tsx'
import { updateStory } from './ops.ts'
import { useStory } from './useStories.ts'

/** /stories/$id/edit */
export function EditPostPage({ id }: { id: string }) {
  return (
    <AuthorPage title="Edit post" redirect={`/stories/${id}/edit`}>
      {(user) => <EditPost user={user} id={id} />}
    </AuthorPage>
  )
}

function EditPost({ user, id }: { user: User; id: string }) {
  const toasted = useToastedSave()
  const navigate = useNavigate()
  const result = useStory(id)
  const story = result.data
  if (!story) {
    return (
      <NotReady
        result={result}
        notFound={StoryMessages.storyNotFound}
        back={<Link to="/user/posts">Back to my posts</Link>}
      />
    )
  }
  if (story.authorId !== user._id) {
    return (
      <p role="alert" className="form__error">
        {StoryMessages.notYourStory}.{' '}
        <Link to="/blog/stories/$id" params={{ id }}>
          Read the story
        </Link>
      </p>
    )
  }
  return (
    <EditPostForm
      initial={{ title: story.title, content: story.content }}
      onSave={(values) =>
        toasted(
          () => updateStory(id, values),
          StoryMessages.updated,
          'Could not update the post. Please try again.',
          () => navigate({ to: '/user/posts' }),
        )
      }
    />
  )
}
