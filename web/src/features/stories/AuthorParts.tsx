/** Pieces shared by the author's screens (new post, drafts, a draft, my posts, edit a post, saved posts). */
import { Link } from '@tanstack/react-router'
import type { User } from '@wings/contract'
import { type ReactNode, useState } from 'react'
import { sentenceOf } from '../../api/failure/failure.ts'
import { saveFailedMessage } from '../../db/storage.ts'
import { Button } from '../../ui/Button.tsx'
import { Card } from '../../ui/Card.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import { Page } from '../../ui/Page.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { TrashIcon } from './icons.tsx'
import { t, useT } from './messages.ts'
import { LoadNote, POST_TOAST_MS, SignedIn } from './StoryParts.tsx'
import './stories.css'

const ok = { kind: 'success' as const, duration: POST_TOAST_MS }
const failed = { kind: 'error' as const, duration: POST_TOAST_MS }

/** An author's screen: its title, and its content for her only (a visitor goes to the login page and back). */
export function AuthorPage({
  title,
  redirect,
  children,
}: {
  title: string
  redirect: string
  children: (user: User) => ReactNode
}) {
  return (
    <Page title={title}>
      <SignedIn redirect={redirect}>{children}</SignedIn>
    </Page>
  )
}

interface LoadState {
  offline: boolean
  error: unknown
  notFound?: boolean
}

/** What an editor shows until its draft or post is there: Loading…, or why it is not (and the way back). */
export function NotReady({
  result,
  notFound,
  back,
}: {
  result: LoadState & { data: unknown; fetching: boolean }
  notFound: string
  back: ReactNode
}) {
  const t = useT()
  if (result.data === undefined || result.fetching) return <p className="muted">{t('loading')}</p>
  return (
    <>
      {result.notFound ? <p>{notFound}</p> : null}
      <LoadNote
        offline={result.offline}
        failed={result.error !== null && !result.notFound}
        hasCopy={false}
        error={result.error}
      />
      <p>{back}</p>
    </>
  )
}

/** A list screen: a link on top, the load note, Loading…, the empty text, then one card per item. */
export function ItemList<Item extends { _id: string }>({
  top,
  result,
  items,
  hasCopy,
  empty,
  children,
}: {
  top: ReactNode
  result: LoadState
  items: Item[] | null | undefined
  hasCopy: boolean
  empty: string
  children: (item: Item) => ReactNode
}) {
  const t = useT()
  return (
    <>
      <p>{top}</p>
      <LoadNote offline={result.offline} failed={result.error !== null} hasCopy={hasCopy} error={result.error} />
      {items === undefined ? <p className="muted">{t('loading')}</p> : null}
      {items && items.length === 0 ? <p>{empty}</p> : null}
      <ul className="item-list">
        {items?.map((item) => (
          <li key={item._id}>{children(item)}</li>
        ))}
      </ul>
    </>
  )
}

/** A list of what she wrote (drafts, posts): 'Write a new post' on top, and the delete confirmation. */
export function WrittenList<Item extends { _id: string }>({
  result,
  empty,
  dialog,
  children,
}: {
  result: LoadState & { data: Item[] | null | undefined }
  empty: string
  /** useConfirmedDelete's dialog. */
  dialog: ReactNode
  children: (item: Item) => ReactNode
}) {
  const t = useT()
  const items = result.data
  return (
    <>
      <ItemList
        top={<Link to="/posts/new">{t('writeNewPost')}</Link>}
        result={result}
        items={items}
        hasCopy={Boolean(items?.length)}
        empty={empty}
      >
        {children}
      </ItemList>
      {dialog}
    </>
  )
}

/** A draft's or a post's card: its title (a link), what is said about it, an excerpt, and its buttons. */
export function ItemCard({ title, children, actions }: { title: ReactNode; children: ReactNode; actions: ReactNode }) {
  return (
    <Card as="article" className="item">
      <div className="item__text">
        <h2 className="item__title">{title}</h2>
        {children}
      </div>
      <div className="item__actions">{actions}</div>
    </Card>
  )
}

export function IconButton({
  label,
  danger = false,
  onClick,
  children,
}: {
  label: string
  danger?: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className={danger ? 'icon-button icon-button--danger' : 'icon-button'}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  )
}

export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton label={label} danger onClick={onClick}>
      <TrashIcon />
    </IconButton>
  )
}

/** What she deletes from a list: a draft or a post. */
export type Deletable = 'draft' | 'post'

/** A confirmation before deleting: 'Delete' or 'Cancel'. */
function ConfirmDelete({
  title,
  what,
  onConfirm,
  onClose,
}: {
  title: string | null
  what: Deletable
  onConfirm: () => void
  onClose: () => void
}) {
  const t = useT()
  return (
    <Dialog
      open={title !== null}
      title={what === 'draft' ? t('deleteDraftTitle') : t('deletePostTitle')}
      onClose={onClose}
    >
      <p>{t('willBeDeleted', { title: title ?? '' })}</p>
      <div className="form__actions">
        <Button variant="danger" onClick={onConfirm}>
          {t('delete')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
      </div>
    </Dialog>
  )
}

/**
 * A failure of the editor's own words (the spec's 'Failed to publish post.'), then what she can do: her writing is
 * still in the editor, so she tries again (the write is on this phone: only a full disk, said apart, stops it for long).
 */
export const keptTryAgain = (failure: string) => sentenceOf({ what: failure, next: t('draftEditorTryAgain') })

/** Runs a save and tells how it went in a toast (`done`, else why it failed); `then` runs only after a success. */
export function useToastedSave() {
  const toast = useToast()
  return async (save: () => Promise<unknown>, done: string, failure: string, then?: () => Promise<unknown>) => {
    try {
      await save()
      toast(done, ok)
      await then?.()
    } catch (error) {
      toast(saveFailedMessage(error, failure), failed)
    }
  }
}

/**
 * Asks before deleting a `what` (a draft, a post): `ask(id, title)` opens the confirmation; confirming runs `remove`
 * and tells the outcome (`done()`, the toast's text in her language, made when it is shown). Render `dialog` once.
 */
export function useConfirmedDelete(what: Deletable, remove: (id: string) => Promise<unknown>, done: () => string) {
  const toasted = useToastedSave()
  const [target, setTarget] = useState<{ id: string; title: string } | null>(null)

  async function confirm() {
    if (!target) return
    const { id } = target
    setTarget(null)
    await toasted(() => remove(id), done(), what === 'draft' ? t('deleteDraftFailed') : t('deletePostFailed'))
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
