/** Pieces shared by the author's screens (new post, drafts, a draft, my posts, edit a post, saved posts). */
import type { User } from '@wings/contract'
import { type ReactNode, useState } from 'react'
import { saveFailedMessage } from '../../db/storage.ts'
import { Button } from '../../ui/Button.tsx'
import { Card } from '../../ui/Card.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import { Page } from '../../ui/Page.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { TrashIcon } from './icons.tsx'
import { LoadNote, POST_TOAST_MS, SignedIn } from './StoryParts.tsx'
import './stories.css'

export const ok = { kind: 'success' as const, duration: POST_TOAST_MS }
export const failed = { kind: 'error' as const, duration: POST_TOAST_MS }

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
  if (result.data === undefined || result.fetching) return <p className="muted">Loading…</p>
  return (
    <>
      {result.notFound ? <p>{notFound}</p> : null}
      <LoadNote offline={result.offline} failed={result.error !== null && !result.notFound} hasCopy={false} />
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
  return (
    <>
      <p>{top}</p>
      <LoadNote offline={result.offline} failed={result.error !== null} hasCopy={hasCopy} />
      {items === undefined ? <p className="muted">Loading…</p> : null}
      {items && items.length === 0 ? <p>{empty}</p> : null}
      <ul className="item-list">
        {items?.map((item) => (
          <li key={item._id}>{children(item)}</li>
        ))}
      </ul>
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
export function useConfirmedDelete(
  what: string,
  remove: (id: string) => Promise<unknown>,
  done: string,
  failure: string,
) {
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
