import { Link, useNavigate } from '@tanstack/react-router'
import { StoryMessages, type User } from '@wings/contract'
import { saveFailedMessage } from '../../db/storage.ts'
import { AuthorPage, NotReady } from './AuthorParts.tsx'
import { type EditorValues, PostEditor } from './Editors.tsx'
import { createStory, saveDraft } from './ops.ts'
import { useDraft } from './useStories.ts'

/** /user/draft/$id */
export function DraftPage({ id }: { id: string }) {
  return (
    <AuthorPage title="Edit draft" redirect={`/user/draft/${id}`}>
      {(user) => <DraftEditor user={user} id={id} />}
    </AuthorPage>
  )
}

function DraftEditor({ user, id }: { user: User; id: string }) {
  const navigate = useNavigate()
  const result = useDraft(user._id, id)
  const draft = result.data
  if (!draft) {
    return (
      <NotReady
        result={result}
        notFound={StoryMessages.draftNotFound}
        back={<Link to="/user/drafts">Back to drafts</Link>}
      />
    )
  }
  return (
    <PostEditor
      label="Edit draft"
      initial={{ title: draft.title, content: draft.content, anonymous: draft.anonymous === true }}
      // The draft editor answers with alerts (spec section 8: 'Draft editor alerts').
      onSaveDraft={async (values: EditorValues) => {
        try {
          await saveDraft({ ...values, _id: id })
          window.alert(StoryMessages.draftEditorSaved)
        } catch (error) {
          window.alert(saveFailedMessage(error, StoryMessages.draftEditorSaveFailed))
        }
      }}
      onPost={async (values) => {
        try {
          await createStory(values, id)
        } catch (error) {
          window.alert(saveFailedMessage(error, StoryMessages.draftEditorPublishFailed))
          return
        }
        window.alert(StoryMessages.draftEditorPublished)
        await navigate({ to: '/blog' })
      }}
    />
  )
}
