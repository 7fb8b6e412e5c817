import { useNavigate } from '@tanstack/react-router'
import { StoryMessages } from '@wings/contract'
import { useState } from 'react'
import { saveFailedMessage } from '../../db/storage.ts'
import { useToast } from '../../ui/Toast.tsx'
import { AuthorPage, failed, ok } from './AuthorParts.tsx'
import { PostEditor } from './Editors.tsx'
import { createStory, saveDraft } from './ops.ts'

/** /posts/new */
export function NewPostPage() {
  return (
    <AuthorPage title="Create a post" redirect="/posts/new">
      {() => <NewPost />}
    </AuthorPage>
  )
}

function NewPost() {
  const toast = useToast()
  const navigate = useNavigate()
  // Saving the draft twice from this screen updates the same draft; posting publishes it (and removes it).
  const [draftId, setDraftId] = useState<string | undefined>()
  return (
    <PostEditor
      label="New post"
      onSaveDraft={async (values) => {
        try {
          setDraftId(await saveDraft({ ...values, _id: draftId }))
          toast(StoryMessages.draftSaved, ok)
        } catch (error) {
          toast(saveFailedMessage(error, StoryMessages.draftSaveFailed), failed)
        }
      }}
      onPost={async (values) => {
        try {
          await createStory(values, draftId)
          toast(StoryMessages.published, ok)
          await navigate({ to: '/blog' })
        } catch (error) {
          toast(saveFailedMessage(error, StoryMessages.publishFailed), failed)
        }
      }}
    />
  )
}
