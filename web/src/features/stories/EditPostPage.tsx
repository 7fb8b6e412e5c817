import { Link, useNavigate } from '@tanstack/react-router'
import type { User } from '@wings/contract'
import { AuthorPage, NotReady, useToastedSave } from './AuthorParts.tsx'
import { EditPostForm } from './Editors.tsx'
import { T, useT } from './messages.ts'
import { updateStory } from './ops.ts'
import { useStory } from './useStories.ts'

/** /stories/$id/edit */
export function EditPostPage({ id }: { id: string }) {
  const t = useT()
  return (
    <AuthorPage title={t('editPost')} redirect={`/stories/${id}/edit`}>
      {(user) => <EditPost user={user} id={id} />}
    </AuthorPage>
  )
}

function EditPost({ user, id }: { user: User; id: string }) {
  const t = useT()
  const toasted = useToastedSave()
  const navigate = useNavigate()
  const result = useStory(id)
  const story = result.data
  if (!story) {
    return (
      <NotReady
        result={result}
        notFound={t('storyNotFound')}
        back={<Link to="/user/posts">{t('backToMyPosts')}</Link>}
      />
    )
  }
  if (story.authorId !== user._id) {
    return (
      <p role="alert" className="form__error">
        <T k="notYourStory" components={{ 0: <Link to="/blog/stories/$id" params={{ id }} /> }} />
      </p>
    )
  }
  return (
    <EditPostForm
      initial={{ title: story.title, content: story.content }}
      onSave={(values) =>
        toasted(
          () => updateStory(id, values),
          t('updated'),
          t('updateFailed'),
          () => navigate({ to: '/user/posts' }),
        )
      }
    />
  )
}
