/**
 * The blog's local copy (docs/sync.md, Client): stories read once stay readable offline, and what the person wrote
 * or pressed on this phone (still in the outbox) wins over an older server copy until the server has its op and has
 * been read again since (docs/stories.md, In the app: a change shows everywhere at once).
 * Call these alone or inside a transaction that spans `stories`, `storyLists`, `drafts` and `outbox`.
 */
import type { Draft, DraftChange, Story, StoryChange } from '@wings/contract'
import { opItemId, registerEntity, type Settled } from '../sync/registry.ts'
import { type DraftRow, db, type StoryListRow, type StoryRow } from './db.ts'

/** What is still waiting in the outbox, per story and per draft. */
export interface Pending {
  /** Story id -> the op types waiting for it. */
  stories: Map<string, Set<string>>
  /** Stories created on this phone and not yet pushed, newest first. */
  created: string[]
  /** Drafts with a change waiting. */
  drafts: Set<string>
}

const COUNT_OPS = ['story.like', 'story.unlike', 'story.dislike', 'story.undislike', 'story.view']

/** Story ops the server applied lately, seen in this context (or told by another tab): story id -> op type -> when. */
const sent = new Map<string, Map<string, number>>()
/** Longer than any read of the blog takes: a read started before an op was sent cannot answer after this. */
const SENT_KEPT_MS = 5 * 60_000

function rememberSent(id: string, types: Iterable<string>, at = Date.now()): void {
  const byType = sent.get(id) ?? new Map<string, number>()
  for (const type of types) byType.set(type, at)
  sent.set(id, byType)
  for (const [key, times] of sent) {
    for (const [type, when] of times) if (at - when > SENT_KEPT_MS) times.delete(type)
    if (times.size === 0) sent.delete(key)
  }
}

/**
 * What waits in the outbox. With `since` (when a server read was sent), also the story ops the server applied after
 * it: that read may answer the story as it was before them, so the local copy still wins over it.
 */
export async function pendingOps(since?: number): Promise<Pending> {
  const pending: Pending = { stories: new Map(), created: [], drafts: new Set() }
  const add = (id: string, type: string) => {
    const types = pending.stories.get(id) ?? new Set<string>()
    pending.stories.set(id, types)
    types.add(type)
    if (type === 'story.create' && !pending.created.includes(id)) pending.created.unshift(id)
  }
  if (since !== undefined) {
    const lately = [...sent].flatMap(([id, times]) =>
      [...times].filter(([, when]) => when >= since).map(([type, when]) => ({ id, type, when })),
    )
    for (const { id, type } of lately.sort((a, b) => a.when - b.when)) add(id, type)
  }
  const ops = await db.outbox.orderBy('seq').toArray()
  for (const op of ops) {
    const id = (op.payload as { _id?: unknown } | null)?._id
    if (typeof id !== 'string') continue
    if (op.type.startsWith('story.')) add(id, op.type)
    else if (op.type.startsWith('draft.')) pending.drafts.add(id)
  }
  return pending
}

type SentListener = () => void
const sentListeners = new Set<SentListener>()
let channel: BroadcastChannel | null | undefined

/** Tabs of the same browser (and the service worker) tell each other which story ops the server now has. */
function storiesChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('wings-stories')
  if (channel) {
    ;(channel as { unref?: () => void }).unref?.()
    channel.onmessage = (event: MessageEvent) => {
      const ids = (event.data as { sent?: unknown } | null)?.sent
      if (!Array.isArray(ids)) return
      for (const [id, types] of ids as Array<[string, string[]]>) rememberSent(id, types)
      for (const listener of sentListeners) listener()
    }
  }
  return channel
}

/**
 * Calls `listener` after the server answered story ops (here, in another tab or in the service worker), so the screens
 * read the blog again: its lists and counts as the server now has them. Answers an unsubscribe function.
 */
export function onStoriesSent(listener: SentListener): () => void {
  storiesChannel()
  sentListeners.add(listener)
  return () => sentListeners.delete(listener)
}

/** After a push answer (in the engine's transaction): remembers the stories the server now has, then tells. */
export async function storiesSettled({ applied, rejected }: Settled): Promise<void> {
  const byStory = new Map<string, Set<string>>()
  for (const op of applied) {
    const id = opItemId(op)
    if (!id || !op.type.startsWith('story.')) continue
    byStory.set(id, (byStory.get(id) ?? new Set()).add(op.type))
  }
  for (const [id, types] of byStory) rememberSent(id, types)
  // A refused op's local change is wrong: a fresh read puts the server's copy back.
  if (byStory.size === 0 && !rejected.some((op) => op.type.startsWith('story.'))) return
  const message = { sent: [...byStory].map(([id, types]) => [id, [...types]]) }
  // After the transaction: the screens' reads are transactions of their own.
  setTimeout(() => {
    storiesChannel()?.postMessage(message)
    for (const listener of sentListeners) listener()
  }, 0)
}

/** The lists a story she publishes heads at once (the server lists the newest first in both). */
const NEWEST_FIRST = () => [feedListKey(1), 'recent']

/** A story published here heads the stored first feed page and Recent posts at once (in queueOp's transaction). */
export async function showPublished(id: string): Promise<void> {
  for (const row of await db.storyLists.bulkGet(NEWEST_FIRST())) {
    if (row) await db.storyLists.put({ ...row, ids: [id, ...row.ids.filter((x) => x !== id)] })
  }
}

/** A story deleted here leaves every stored list at once (in queueOp's transaction). */
export async function forgetInLists(id: string): Promise<void> {
  await db.storyLists
    .filter((row) => row.ids.includes(id))
    .modify((row) => {
      row.ids = row.ids.filter((x) => x !== id)
    })
}

/** A list the server answered, with what she did here since it was read: her new stories on top, deleted ones out. */
function withLocal(key: string, ids: readonly string[], pending: Pending): string[] {
  const gone = (id: string) => pending.stories.get(id)?.has('story.delete') ?? false
  const kept = ids.filter((id) => !gone(id))
  if (!NEWEST_FIRST().includes(key)) return kept
  return [...pending.created.filter((id) => !gone(id) && !kept.includes(id)), ...kept]
}

export function storyRow(story: Story): StoryRow {
  const row: StoryRow = {
    _id: story._id,
    title: story.title,
    content: story.content,
    author: story.author,
    anonymous: story.anonymous,
    createdAt: story.createdAt,
    likes: story.likes,
    dislikes: story.dislikes,
    views: story.views,
  }
  if (story.authorId) row.authorId = story.authorId
  if (story.underReview) row.underReview = true
  return row
}

/**
 * Stores server copies of stories. A story with a delete waiting is not brought back; one with a like, dislike or
 * view waiting keeps its local counts, one with an edit waiting keeps its local title and content. An author id
 * already known is kept (public lists leave it out of anonymous stories, even for their author).
 */
export async function cacheStories(stories: readonly Story[], pending?: Pending): Promise<void> {
  if (stories.length === 0) return
  const waiting = pending ?? (await pendingOps())
  const existing = await db.stories.bulkGet(stories.map((s) => s._id))
  const rows: StoryRow[] = []
  stories.forEach((story, i) => {
    const types = waiting.stories.get(story._id)
    if (types?.has('story.delete')) return
    const before = existing[i]
    const row = storyRow(story)
    if (!row.authorId && before?.authorId) row.authorId = before.authorId
    if (before && types) {
      if (COUNT_OPS.some((t) => types.has(t))) {
        row.likes = before.likes
        row.dislikes = before.dislikes
        row.views = before.views
      }
      if (types.has('story.update')) {
        row.title = before.title
        row.content = before.content
      }
    }
    rows.push(row)
  })
  await db.stories.bulkPut(rows)
}

const listTables = () => [db.stories, db.storyLists, db.outbox]

/**
 * Stores a list the server answered (a feed page, a sidebar list) with its stories, in one transaction. `since` is
 * when the read was sent: what she did here and the server had not yet when it read stays as she did it.
 */
export async function cacheList(
  key: string,
  stories: readonly Story[],
  extra: Partial<StoryListRow> = {},
  since = Date.now(),
) {
  await db.transaction('rw', listTables(), async () => {
    const pending = await pendingOps(since)
    await cacheStories(stories, pending)
    const ids = withLocal(
      key,
      stories.map((s) => s._id),
      pending,
    )
    await db.storyLists.put({ ...extra, key, ids, savedAt: Date.now() })
  })
}

export interface CachedList {
  stories: StoryRow[]
  totalPages: number
  savedAt: number
}

/** The `storyLists` key of a feed page (1-based). */
export const feedListKey = (page: number) => `feed:${page}`

/**
 * A cached list, or null when it was never read. Stories deleted on this phone are left out; the first feed page
 * also shows the stories written here that are still waiting to be sent.
 */
export async function readList(key: string): Promise<CachedList | null> {
  const row = await db.storyLists.get(key)
  let ids = row?.ids ?? []
  if (key === feedListKey(1)) {
    const { created } = await pendingOps()
    ids = [...created.filter((id) => !ids.includes(id)), ...ids]
  }
  if (!row && ids.length === 0) return null
  const stories = (await db.stories.bulkGet(ids)).filter((s): s is StoryRow => s !== undefined)
  return { stories, totalPages: row?.totalPages ?? 1, savedAt: row?.savedAt ?? Date.now() }
}

/**
 * Stores the author's own stories as the server listed them (read at `since`), and forgets her cached stories the
 * server no longer has (deleted elsewhere), except those written here that it did not have yet when it read.
 */
export async function cacheMyStories(userId: string, stories: readonly Story[], since = Date.now()): Promise<void> {
  await db.transaction('rw', listTables(), async () => {
    const pending = await pendingOps(since)
    await cacheStories(
      stories.map((s) => ({ ...s, authorId: s.authorId ?? userId })),
      pending,
    )
    const listed = new Set(stories.map((s) => s._id))
    const gone = (await db.stories.where('authorId').equals(userId).primaryKeys()).filter(
      (id) => !listed.has(id) && !pending.stories.get(id)?.has('story.create'),
    )
    await db.stories.bulkDelete(gone)
  })
}

export function draftRow(userId: string, draft: Draft): DraftRow {
  const at = draft.updatedAt ? Date.parse(draft.updatedAt) : Number.NaN
  return {
    _id: draft._id,
    userId,
    title: draft.title,
    content: draft.content,
    updatedAt: Number.isNaN(at) ? Date.now() : at,
    anonymous: draft.anonymous === true,
  }
}

/** Stores her drafts as the server listed them; local drafts with a change waiting are kept as they are. */
export async function cacheDrafts(userId: string, drafts: readonly Draft[]): Promise<void> {
  await db.transaction('rw', db.drafts, db.outbox, async () => {
    const pending = await pendingOps()
    await db.drafts.bulkPut(drafts.filter((d) => !pending.drafts.has(d._id)).map((d) => draftRow(userId, d)))
    const listed = new Set(drafts.map((d) => d._id))
    const gone = (await db.drafts.where('userId').equals(userId).primaryKeys()).filter(
      (id) => !listed.has(id) && !pending.drafts.has(id),
    )
    await db.drafts.bulkDelete(gone)
  })
}

const isText = (v: unknown) => typeof v === 'string'
const isCount = (v: unknown) => typeof v === 'number' && Number.isFinite(v)

/** A pulled story is stored only when it has the fields a screen needs (a malformed one is skipped). */
function isStory(value: unknown): value is Story {
  const s = value as Partial<Story> | null | undefined
  return (
    !!s &&
    isText(s._id) &&
    isText(s.title) &&
    isText(s.content) &&
    isText(s.author) &&
    isText(s.createdAt) &&
    isCount(s.likes) &&
    isCount(s.dislikes) &&
    isCount(s.views)
  )
}

function isDraft(value: unknown): value is Draft {
  const d = value as Partial<Draft> | null | undefined
  return !!d && isText(d._id) && isText(d.title) && isText(d.content)
}

/** A pulled 'story' change (one of her own stories). */
export async function applyStoryChange(change: StoryChange): Promise<void> {
  if (change.deleted) {
    await db.stories.delete(change.id)
    return
  }
  if (isStory(change.data)) await cacheStories([change.data])
}

/** A pulled 'draft' change; a draft with a change of hers still waiting keeps the local copy (it is newer). */
export async function applyDraftChange(userId: string, change: DraftChange): Promise<void> {
  const pending = await pendingOps()
  if (pending.drafts.has(change.id)) return
  if (change.deleted) await db.drafts.delete(change.id)
  else if (isDraft(change.data)) await db.drafts.put(draftRow(userId, change.data))
}

registerEntity('story', {
  tables: [db.stories, db.storyLists, db.outbox],
  applyChange: (_userId, change) => applyStoryChange(change),
  onSettled: storiesSettled,
})
registerEntity('draft', { tables: [db.drafts, db.outbox], applyChange: applyDraftChange })
