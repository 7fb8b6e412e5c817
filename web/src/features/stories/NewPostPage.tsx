import { useNavigate } from '@tanstack/react-router'
import { StoryMessages } from '@wings/contract'
import { useState } from 'react'
import { AuthorPage, useToastedSave } from './AuthorParts.tsx'
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
  const toasted = useToastedSave()
  const navigate = useNavigate()
  // Saving the draft twice from this screen updates the same draft; posting publishes it (and removes it).
  const [draftId, setDraftId] = useState<string | undefined>()
  return (
    <PostEditor
      label="New post"
      onSaveDraft={(values) =>
        toasted(
          async () => setDraftId(await saveDraft({ ...values, _id: draftId })),
          StoryMessages.draftSaved,
          StoryMessages.draftSaveFailed,
        )
      }
      onPost={(values) =>
        toasted(
          () => createStory(values, draftId),
          StoryMessages.published,
          StoryMessages.publishFailed,
          () => navigate({ to: '/blog' }),
        )
      }
    />
  )
}
