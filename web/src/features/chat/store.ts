/**
 * Saathi's conversations in memory, for the page's life (a send finishes even when the panel closed meanwhile), and
 * in Dexie `meta` under 'chat:<id>', so the conversation shows offline after a reload. Loaded with the panel only.
 */
import { CHAT_HISTORY_MAX, newObjectId } from '@wings/contract'
import { db } from '../../db/db.ts'
import { onQuickExit } from '../quick-exit/index.ts'
import type { ShownMessage } from './shown.ts'

/** sessionStorage key of the guest's conversation id: it ends with the browser session, as the server's cookie does. */
export const GUEST_ID_KEY = 'wings:chatGuestId'
const GUEST_ID = /^[0-9a-f]{24}$/

export const chatCacheKey = (id: string) => `chat:${id}`

interface CachedChat {
  messages: ShownMessage[]
  /** A guest conversation: forgotten when a new guest id is made. */
  guest: boolean
  savedAt: number
}

/** When sessionStorage is unavailable: an id for this page's life. */
let memoryGuestId: string | undefined

/** The guest's conversation id for this browser session, made (newObjectId) and kept in sessionStorage. */
export function chatGuestId(): string {
  try {
    const kept = sessionStorage.getItem(GUEST_ID_KEY)
    if (kept && GUEST_ID.test(kept)) return kept
    const id = newObjectId()
    sessionStorage.setItem(GUEST_ID_KEY, id)
    void forgetGuestCaches(id)
    return id
  } catch {
    memoryGuestId ??= newObjectId()
    return memoryGuestId
  }
}

/** Earlier guest conversations cannot be opened again (their id and cookie are gone): their copies go too. */
async function forgetGuestCaches(keep: string): Promise<void> {
  try {
    await db.meta
      .where('key')
      .startsWith('chat:')
      .filter((row) => row.key !== chatCacheKey(keep) && (row.value as Partial<CachedChat> | undefined)?.guest === true)
      .delete()
  } catch {
    // storage may be unavailable: nothing was kept then
  }
}

type Listener = () => void
const conversations = new Map<string, ShownMessage[]>()
const listeners = new Set<Listener>()
const NONE: ShownMessage[] = []

function notify(): void {
  for (const listener of listeners) listener()
}

/** The messages of conversation `id` as shown (a stable array between changes, for useSyncExternalStore). */
export function messagesOf(id: string): ShownMessage[] {
  return conversations.get(id) ?? NONE
}

export function subscribeChats(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Keeps the newest messages the server would answer, and every one still waiting for it. */
function cacheable(list: ShownMessage[]): ShownMessage[] {
  const stored = list.filter((m) => !m.pending)
  const cut = stored.length > CHAT_HISTORY_MAX ? stored[stored.length - CHAT_HISTORY_MAX] : undefined
  if (!cut) return list
  const from = list.indexOf(cut)
  return list.filter((m, i) => i >= from || m.pending)
}

let writing: Promise<void> = Promise.resolve()

/** Writes in order: the last write holds the last state. Storage problems only cost the offline copy. */
function persist(id: string, messages: ShownMessage[], guest: boolean): void {
  const value: CachedChat = { messages: cacheable(messages), guest, savedAt: Date.now() }
  writing = writing
    .then(() => db.meta.put({ key: chatCacheKey(id), value }))
    .then(
      () => undefined,
      () => undefined,
    )
}

/** Changes conversation `id` (from its latest state), shows the change and stores it. */
export function updateChat(id: string, guest: boolean, change: (list: ShownMessage[]) => ShownMessage[]): void {
  const next = change(messagesOf(id))
  conversations.set(id, next)
  notify()
  persist(id, next, guest)
}

/** Shows the copy kept on this phone, unless the conversation is already in memory. */
export async function loadCachedChat(id: string): Promise<void> {
  if (conversations.has(id)) return
  let row: { value: unknown } | undefined
  try {
    row = await db.meta.get(chatCacheKey(id))
  } catch {
    return
  }
  const messages = (row?.value as Partial<CachedChat> | undefined)?.messages
  if (conversations.has(id) || !Array.isArray(messages)) return
  conversations.set(id, messages)
  notify()
}

/** Forgets the conversations held in memory (quick exit; tests). The copies in Dexie stay. */
export function forgetChatsInMemory(): void {
  conversations.clear()
  notify()
}

onQuickExit(forgetChatsInMemory)
