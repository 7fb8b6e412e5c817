import { Link, useNavigate } from '@tanstack/react-router'
import type { User } from '@wings/contract'
import { saveFailedMessage } from '../../db/storage.ts'
import { AuthorPage, NotReady } from './AuthorParts.tsx'
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
      // The draft editor answers with alerts (spec section 8: 'Draft editor alerts').
      onSaveDraft={async (values: EditorValues) => {
        try {
          await saveDraft({ ...values, _id: id })
          window.alert(t('draftEditorSaved'))
        } catch (error) {
          window.alert(saveFailedMessage(error, t('draftEditorSaveFailed')))
        }
      }}
      onPost={async (values) => {
        try {
          await createStory(values, id)
        } catch (error) {
          window.alert(saveFailedMessage(error, t('draftEditorPublishFailed')))
          return
        }
        window.alert(t('draftEditorPublished'))
        await navigate({ to: '/blog' })
      }}
    />
  )
}
