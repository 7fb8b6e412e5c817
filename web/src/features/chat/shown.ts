/**
 * The conversation as the panel shows it: the server's messages, and the ones this phone has not had stored yet
 * (her message on its way or queued, and the engine's local answer to it). Pure functions, no React, no Dexie.
 */
import type { ChatMessage } from '@wings/contract'

/** What became of a message the server does not have yet. */
export type Pending =
  /** On its way (POST in flight). */
  | 'sending'
  /** Queued as a 'chat.send' op: the sync engine delivers it later. */
  | 'queued'
  /** Not sent, and not queued (refused, or the outbox could not take it). */
  | 'failed'

export interface ShownMessage extends ChatMessage {
  /** Only on messages the server has not stored: `_id` is then a local one ('local:...'). */
  pending?: Pending
  /** On a local answer: the clientMessageId of her message it answers. */
  answers?: string
}

const localId = (clientMessageId: string, sender: 'user' | 'bot') =>
  `local:${clientMessageId}${sender === 'bot' ? ':bot' : ''}`

/** Her message, shown before the server has it. */
export function localMessage(text: string, clientMessageId: string, createdAt: string): ShownMessage {
  return { _id: localId(clientMessageId, 'user'), sender: 'user', text, clientMessageId, createdAt, pending: 'sending' }
}

/** The engine's answer to her message, shown before (or instead of) the server's. */
export function localAnswer(
  answer: { text: string; actions: ChatMessage['actions'] },
  clientMessageId: string,
  createdAt: string,
  pending: Pending,
): ShownMessage {
  const message: ShownMessage = {
    _id: localId(clientMessageId, 'bot'),
    sender: 'bot',
    text: answer.text,
    answers: clientMessageId,
    createdAt,
    pending,
  }
  if (answer.actions && answer.actions.length > 0) message.actions = answer.actions
  return message
}

/** The clientMessageId a message belongs to: hers, or the one a local answer answers. */
const exchangeOf = (m: ShownMessage) => m.clientMessageId ?? m.answers

/** Marks the local messages of one exchange (hers and the local answer). */
export function markPending(list: ShownMessage[], clientMessageId: string, pending: Pending): ShownMessage[] {
  return list.map((m) => (m.pending && exchangeOf(m) === clientMessageId ? { ...m, pending } : m))
}

/**
 * The server's stored copy of one exchange (`[hers, Saathi's]`) takes the place of the local one (matched by
 * clientMessageId), where it stood; appended when the list has neither.
 */
export function withStored(list: ShownMessage[], clientMessageId: string, stored: ChatMessage[]): ShownMessage[] {
  const ids = new Set(stored.map((m) => m._id))
  const replaced = (m: ShownMessage) => ids.has(m._id) || (m.pending !== undefined && exchangeOf(m) === clientMessageId)
  const at = list.findIndex(replaced)
  const rest = list.filter((m) => !replaced(m))
  if (at < 0) return [...rest, ...stored]
  const before = list.slice(0, at).filter((m) => !replaced(m)).length
  return [...rest.slice(0, before), ...stored, ...rest.slice(before)]
}

/**
 * The conversation as loaded from the server, followed by what this phone holds that the server did not answer:
 * messages on their way or queued, and ones stored after the server read the conversation (a send that finished
 * first). Failed ones are dropped (they were never sent), and so are older stored ones the server no longer lists.
 */
export function withLoaded(list: ShownMessage[], loaded: ChatMessage[]): ShownMessage[] {
  const ids = new Set(loaded.map((m) => m._id))
  const exchanges = new Set(loaded.flatMap((m) => (m.clientMessageId ? [m.clientMessageId] : [])))
  const newest = loaded.at(-1)?.createdAt ?? ''
  const extra = list.filter((m) => {
    if (ids.has(m._id)) return false
    if (!m.pending) return m.createdAt >= newest
    const exchange = exchangeOf(m)
    return m.pending !== 'failed' && exchange !== undefined && !exchanges.has(exchange)
  })
  return [...loaded, ...extra]
}

/** The text of her last message, if any: the chips follow the answer to it. */
export function lastOfHers(list: ShownMessage[]): string | undefined {
  for (let i = list.length - 1; i >= 0; i--) if (list[i]?.sender === 'user') return list[i]?.text
  return undefined
}
