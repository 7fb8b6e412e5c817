import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { AuthorPage, keptTryAgain, useToastedSave } from './AuthorParts.tsx'
import { PostEditor } from './Editors.tsx'
import { t, useT } from './messages.ts'
import { createStory, saveDraft } from './ops.ts'

/** /posts/new */
export function NewPostPage() {
  const t = useT()
  return (
    <AuthorPage title={t('createPost')} redirect="/posts/new">
      {() => <NewPost />}
    </AuthorPage>
  )
}

function NewPost() {
  useT()
  const toasted = useToastedSave()
  const navigate = useNavigate()
  // Saving the draft twice from this screen updates the same draft; posting publishes it (and removes it).
  const [draftId, setDraftId] = useState<string | undefined>()
  return (
    <PostEditor
      label={t('newPost')}
      onSaveDraft={(values) =>
        toasted(
          async () => setDraftId(await saveDraft({ ...values, _id: draftId })),
          t('draftSaved'),
          keptTryAgain(t('draftSaveFailed')),
        )
      }
      onPost={(values) =>
        toasted(
          () => createStory(values, draftId),
          t('published'),
          keptTryAgain(t('publishFailed')),
          () => navigate({ to: '/blog' }),
        )
      }
    />
  )
}
