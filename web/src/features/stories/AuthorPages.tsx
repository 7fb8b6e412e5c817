/** The author's screens: new post, drafts, a draft, my posts, edit a post, saved posts. Signed in only. */
import { Link, useNavigate } from '@tanstack/react-router'
import { StoryMessages, type User } from '@wings/contract'
import { useState } from 'react'
import { Page } from '../../app/Frame.tsx'
import { saveFailedMessage } from '../../db/storage.ts'
import { Button } from '../../ui/Button.tsx'
import { Card } from '../../ui/Card.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { type EditorValues, EditPostForm, PostEditor } from './Editors.tsx'
import { excerpt, formatStoryDate } from './format.ts'
import { PencilIcon, TrashIcon } from './icons.tsx'
import { createStory, deleteDraft, deleteStory, saveDraft, updateStory } from './ops.ts'
import { LoadNote, POST_TOAST_MS, SignedIn, StoryMeta } from './StoryParts.tsx'
import { useDraft, useDrafts, useMyStories, useSavedPosts, useStory } from './useStories.ts'

const ok = { kind: 'success' as const, duration: POST_TOAST_MS }
const failed = { kind: 'error' as const, duration: POST_TOAST_MS }

/** /posts/new */
export function NewPostPage() {
  return (
    <Page title="Create a post">
      <SignedIn redirect="/posts/new">{() => <NewPost />}</SignedIn>
    </Page>
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

/** /user/draft/$id */
export function DraftPage({ id }: { id: string }) {
  return (
    <Page title="Edit draft">
      <SignedIn redirect={`/user/draft/${id}`}>{(user) => <DraftEditor user={user} id={id} />}</SignedIn>
    </Page>
  )
}

function DraftEditor({ user, id }: { user: User; id: string }) {
  const navigate = useNavigate()
  const result = useDraft(user._id, id)
  const draft = result.data
  if (draft === undefined || (draft === null && result.fetching)) return <p className="muted">Loading…</p>
  if (!draft) {
    return (
      <>
        {result.notFound ? <p>{StoryMessages.draftNotFound}</p> : null}
        <LoadNote offline={result.offline} failed={result.error !== null && !result.notFound} hasCopy={false} />
        <p>
          <Link to="/user/drafts">Back to drafts</Link>
        </p>
      </>
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

/** A confirmation before deleting: 'Delete' or 'Cancel'. */
function ConfirmDelete({
  title,
  what,
  onConfirm,
  onClose,
}: {
  title: string | null
  what: string
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <Dialog open={title !== null} title={`Delete this ${what}?`} onClose={onClose}>
      <p>“{title}” will be deleted. This cannot be undone.</p>
      <div className="form__actions">
        <Button variant="danger" onClick={onConfirm}>
          Delete
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  )
}

/**
 * Asks before deleting: `ask(id, title)` opens the confirmation; confirming runs `remove` and tells the outcome.
 * Render `dialog` once in the list.
 */
function useConfirmedDelete(what: string, remove: (id: string) => Promise<unknown>, done: string, failure: string) {
  const toast = useToast()
  const [target, setTarget] = useState<{ id: string; title: string } | null>(null)

  async function confirm() {
    if (!target) return
    const { id } = target
    setTarget(null)
    try {
      await remove(id)
      toast(done, ok)
    } catch (error) {
      toast(saveFailedMessage(error, failure), failed)
    }
  }

  const dialog = (
    <ConfirmDelete
      title={target?.title ?? null}
      what={what}
      onConfirm={() => void confirm()}
      onClose={() => setTarget(null)}
    />
  )
  return { ask: (id: string, title: string) => setTarget({ id, title }), dialog }
}

/** /user/drafts */
export function DraftsPage() {
  return (
    <Page title="Drafts">
      <SignedIn redirect="/user/drafts">{(user) => <DraftList user={user} />}</SignedIn>
    </Page>
  )
}

function DraftList({ user }: { user: User }) {
  const result = useDrafts(user._id)
  const drafts = result.data
  const deletion = useConfirmedDelete(
    'draft',
    deleteDraft,
    StoryMessages.draftDeleted,
    'Could not delete the draft. Please try again.',
  )

  return (
    <>
      <p>
        <Link to="/posts/new">Write a new post</Link>
      </p>
      <LoadNote offline={result.offline} failed={result.error !== null} hasCopy={Boolean(drafts?.length)} />
      {drafts === undefined ? <p className="muted">Loading…</p> : null}
      {drafts && drafts.length === 0 ? <p>No drafts yet.</p> : null}
      <ul className="item-list">
        {drafts?.map((draft) => (
          <li key={draft._id}>
            <Card as="article" className="item">
              <div className="item__text">
                <h2 className="item__title">
                  <Link to="/user/draft/$id" params={{ id: draft._id }}>
                    {draft.title || 'Untitled draft'}
                  </Link>
                </h2>
                <p className="muted">Saved {formatStoryDate(new Date(draft.updatedAt))}</p>
                {draft.anonymous ? <p className="saved-badge">Anonymous: will be posted without your name</p> : null}
                <p className="item__excerpt">{excerpt(draft.content)}</p>
              </div>
              <div className="item__actions">
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label={`Delete draft ${draft.title}`}
                  onClick={() => deletion.ask(draft._id, draft.title)}
                >
                  <TrashIcon />
                </button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {deletion.dialog}
    </>
  )
}

/** /user/posts */
export function MyPostsPage() {
  return (
    <Page title="My posts">
      <SignedIn redirect="/user/posts">{(user) => <MyPosts user={user} />}</SignedIn>
    </Page>
  )
}

function MyPosts({ user }: { user: User }) {
  const navigate = useNavigate()
  const result = useMyStories(user._id)
  const stories = result.data
  const deletion = useConfirmedDelete(
    'post',
    deleteStory,
    StoryMessages.deleted,
    'Could not delete the post. Please try again.',
  )

  return (
    <>
      <p>
        <Link to="/posts/new">Write a new post</Link>
      </p>
      <LoadNote offline={result.offline} failed={result.error !== null} hasCopy={Boolean(stories?.length)} />
      {stories === undefined ? <p className="muted">Loading…</p> : null}
      {stories && stories.length === 0 ? <p>You have not posted a story yet.</p> : null}
      <ul className="item-list">
        {stories?.map((story) => (
          <li key={story._id}>
            <Card as="article" className="item">
              <div className="item__text">
                <h2 className="item__title">
                  <Link to="/blog/stories/$id" params={{ id: story._id }}>
                    {story.title}
                  </Link>
                </h2>
                <StoryMeta story={story} />
                {story.underReview ? <p className="saved-badge">Under review: only you can see it</p> : null}
                <p className="item__excerpt">{excerpt(story.content)}</p>
              </div>
              <div className="item__actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Edit ${story.title}`}
                  onClick={() => void navigate({ to: '/stories/$id/edit', params: { id: story._id } })}
                >
                  <PencilIcon />
                </button>
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label={`Delete ${story.title}`}
                  onClick={() => deletion.ask(story._id, story.title)}
                >
                  <TrashIcon />
                </button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {deletion.dialog}
    </>
  )
}

/** /stories/$id/edit */
export function EditPostPage({ id }: { id: string }) {
  return (
    <Page title="Edit post">
      <SignedIn redirect={`/stories/${id}/edit`}>{(user) => <EditPost user={user} id={id} />}</SignedIn>
    </Page>
  )
}

function EditPost({ user, id }: { user: User; id: string }) {
  const toast = useToast()
  const navigate = useNavigate()
  const result = useStory(id)
  const story = result.data
  if (story === undefined || (story === null && result.fetching)) return <p className="muted">Loading…</p>
  if (!story) {
    return (
      <>
        {result.notFound ? <p>{StoryMessages.storyNotFound}</p> : null}
        <LoadNote offline={result.offline} failed={result.error !== null && !result.notFound} hasCopy={false} />
        <p>
          <Link to="/user/posts">Back to my posts</Link>
        </p>
      </>
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
      onSave={async (values) => {
        try {
          await updateStory(id, values)
          toast(StoryMessages.updated, ok)
          await navigate({ to: '/user/posts' })
        } catch (error) {
          toast(saveFailedMessage(error, 'Could not update the post. Please try again.'), failed)
        }
      }}
    />
  )
}

/** /blog/$id/saved: her saved posts (the path's id is hers, as in the spec). */
export function SavedPostsPage({ id }: { id: string }) {
  return (
    <Page title="Saved posts">
      <SignedIn redirect={`/blog/${id}/saved`}>{(user) => <SavedList user={user} />}</SignedIn>
    </Page>
  )
}

function SavedList({ user }: { user: User }) {
  const result = useSavedPosts(user._id, user.savedPosts)
  const items = result.data
  return (
    <>
      <p>
        <Link to="/blog">Back to stories</Link>
      </p>
      <LoadNote offline={result.offline} failed={result.error !== null} hasCopy={Boolean(items)} />
      {items === undefined ? <p className="muted">Loading…</p> : null}
      {items && items.length === 0 ? <p>No saved posts yet.</p> : null}
      <ul className="item-list">
        {items?.map((item) => (
          <li key={item._id}>
            <Card className="item">
              <Link to="/user/saved/$id" params={{ id: item._id }}>
                {item.title}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </>
  )
}
