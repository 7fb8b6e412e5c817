import { Link, useNavigate } from '@tanstack/react-router'
import type { User } from '@wings/contract'
import { AuthorPage, keptTryAgain, NotReady, useToastedSave } from './AuthorParts.tsx'
import { type EditorValues, PostEditor } from './Editors.tsx'
import { useT } from './messages.ts'
import { createStory, saveDraft } from './ops.ts'
import { useDraft } from './useStories.ts'

/** /user/draft/$id */
export function DraftPage({ id }: { id: string }) {
  const t = useT()
  return (
    <AuthorPage title={t('editDraft')} redirect={`/user/draft/${id}`}>
      {(user) => <DraftEditor user={user} id={id} />}
    </AuthorPage>
  )
}

function DraftEditor({ user, id }: { user: User; id: string }) {
  const t = useT()
  const navigate = useNavigate()
  const toasted = useToastedSave()
  const result = useDraft(user._id, id)
  const draft = result.data
  if (!draft) {
    return (
      <NotReady
        result={result}
        notFound={t('draftNotFound')}
        back={<Link to="/user/drafts">{t('backToDrafts')}</Link>}
      />
    )
  }
  return (
    <PostEditor
      label={t('editDraft')}
      initial={{ title: draft.title, content: draft.content, anonymous: draft.anonymous === true }}
      // The spec's 'Draft editor alerts', as the app's toasts; a failure also says what she can do.
      onSaveDraft={(values: EditorValues) =>
        toasted(
          () => saveDraft({ ...values, _id: id }),
          t('draftEditorSaved'),
          keptTryAgain(t('draftEditorSaveFailed')),
        )
      }
      onPost={(values) =>
        toasted(
          () => createStory(values, id),
          t('draftEditorPublished'),
          keptTryAgain(t('draftEditorPublishFailed')),
          () => navigate({ to: '/blog' }),
        )
      }
    />
  )
}
