/**
 * Loading and sending Saathi's messages (docs/chat.md). Danger first: the engine answers on this phone at once, and
 * a message that signals danger shows its SOS answer before the network is asked. Offline, her message is queued as
 * a 'chat.send' op (the server stores it once, by clientMessageId) and the engine's answer stands.
 */

import { detectLanguage, reply } from '@wings/assistant'
import { ApiError, callApi } from '../../api/client.ts'
import { failureText } from '../../api/failure/failure.ts'
import { queueOp } from '../../sync/outbox.ts'
import { t } from './messages.ts'
import { localAnswer, localMessage, markPending, withLoaded, withStored } from './shown.ts'
import { loadCachedChat, updateChat } from './store.ts'

export { detectLanguage, reply }

/** A 401 or 403: her session ended, or this browser may not read this conversation (the 'authMessage' in English). */
export const CHAT_AUTH_MESSAGE = 'Please log in again to continue this conversation.'

/** Whose conversation: her `_id` when signed in, else the session's guest id. */
export interface ChatOwner {
  id: string
  guest: boolean
}

const isAuthError = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403)

/** Worth queueing: the server was not reached, or failed (the sync engine retries). */
const isTransient = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500)

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/**
 * Shows the copy kept on this phone, then the server's conversation. Answers a problem to show, or null (offline or
 * unreachable: the kept copy stands).
 */
export async function loadConversation(owner: ChatOwner, signal?: AbortSignal): Promise<string | null> {
  await loadCachedChat(owner.id)
  if (offline()) return null
  try {
    const answer = await callApi('chatConversation', { params: { id: owner.id }, ...(signal ? { signal } : {}) })
    const loaded = answer.data[0]?.messages ?? []
    updateChat(owner.id, owner.guest, (list) => withLoaded(list, loaded))
    return null
  } catch (error) {
    if (isAuthError(error)) return t('authMessage')
    return null
  }
}

export interface SendHooks {
  /** A request to the server starts (+1) or ends (-1): Saathi is typing meanwhile. */
  waiting?: (delta: 1 | -1) => void
}

/**
 * Sends her message (already checked with chatTextProblem) and shows what comes back. Answers a problem to show, or
 * null.
 */
export async function sendChat(owner: ChatOwner, text: string, hooks: SendHooks = {}): Promise<string | null> {
  const { id, guest } = owner
  const clientMessageId = crypto.randomUUID()
  const createdAt = new Date().toISOString()
  const local = reply(text)
  // Danger first: the SOS answer shows now, whatever the network does.
  updateChat(id, guest, (list) => [
    ...list,
    localMessage(text, clientMessageId, createdAt),
    ...(local.danger ? [localAnswer(local, clientMessageId, createdAt, 'sending')] : []),
  ])
  // Answered here, when the server cannot store it now (offline) or at all (refused).
  const answerLocally = (pending: 'queued' | 'failed') =>
    updateChat(id, guest, (list) => {
      const marked = markPending(list, clientMessageId, pending)
      if (marked.some((m) => m.answers === clientMessageId)) return marked
      const at = marked.findIndex((m) => m.pending && m.clientMessageId === clientMessageId)
      const answer = localAnswer(local, clientMessageId, createdAt, pending)
      return at < 0 ? [...marked, answer] : [...marked.slice(0, at + 1), answer, ...marked.slice(at + 1)]
    })
  const queue = async (): Promise<string | null> => {
    try {
      await queueOp('chat.send', { userId: id, text, clientMessageId, createdAt })
      answerLocally('queued')
    } catch {
      answerLocally('failed')
    }
    return null
  }

  if (offline()) return queue()
  hooks.waiting?.(1)
  try {
    const answer = await callApi('chatSend', { body: { userId: id, text, clientMessageId } })
    updateChat(id, guest, (list) => withStored(list, clientMessageId, answer.messages))
    return null
  } catch (error) {
    if (isTransient(error)) return queue()
    answerLocally('failed')
    if (isAuthError(error)) return t('authMessage')
    // What happened (the server's words: too long, too many) and what she can do.
    return failureText(error, t('sendFailed'))
  } finally {
    hooks.waiting?.(-1)
  }
}
