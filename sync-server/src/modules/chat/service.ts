import { timingSafeEqual } from 'node:crypto'
import { type AssistantAction, type AssistantReply, reply as engineReply } from '@wings/assistant'
import {
  CHAT_GUEST_DAYS,
  CHAT_HISTORY_MAX,
  type ChatAction,
  type ChatConversation,
  type ChatMessage,
  ChatMessages,
  type ChatSendBody,
  type ChatSendOp,
  ErrorCode,
  Messages,
  type User,
} from '@wings/contract'
import type { AttemptLimit } from '../../attempt-limit.ts'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import { hashSecret } from '../share/service.ts'
import type { GuestKey } from './guest-cookie.ts'
import type { AssistantLlm, PhraseLog } from './llm.ts'
import type { ChatRepo, ConversationRecord } from './repo.ts'

const DAY_MS = 86_400_000
const iso = (at: Date | number) => new Date(at).toISOString()
/** How often the sweeper deletes old guest conversations (app.ts). */
export const CHAT_SWEEP_MS = 60 * 60_000

/** Who is asking: her session (if any), this browser's guest key, and the IP for the per-IP limit. */
export interface ChatCaller {
  user: User | null
  guest: GuestKey
  client: string
}

/** For callers that cannot set a cookie: no guest secret, and none can be made (a new guest conversation is 403). */
export const NO_GUEST_KEY: GuestKey = {
  secret: null,
  ensure: () => {
    throw notYours()
  },
}

const signedOut = () => new HttpError(401, ErrorCode.unauthenticated, Messages.signedOut)
const notYours = () => new HttpError(403, ErrorCode.forbidden, ChatMessages.notYours)

/** The engine's button as the API answers it (the same fields, and only those). */
function toChatAction(action: AssistantAction): ChatAction {
  switch (action.type) {
    case 'sos':
      return { type: 'sos', label: action.label }
    case 'call':
      return { type: 'call', label: action.label, number: action.number }
    case 'open':
      return { type: 'open', label: action.label, to: action.to }
  }
}

function guestKeyMatches(conversation: ConversationRecord, secret: string | null): boolean {
  if (secret === null || conversation.guestSecretHash === null) return false
  const given = Buffer.from(hashSecret(secret), 'hex')
  const stored = Buffer.from(conversation.guestSecretHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

/**
 * Whether the language model may phrase this answer: never a danger answer (it must not wait), nor a greeting or
 * thanks (fixed texts), nor one without entries (there is nothing to phrase: it would have to invent).
 */
const phrasable = (reply: AssistantReply) =>
  !reply.danger && reply.intent !== 'greeting' && reply.intent !== 'thanks' && reply.entries.length > 0

interface Deps {
  repo: ChatRepo
  transact: Transact
  /** Messages per IP, REST and ops together (config.rateLimits.chat); a new guest conversation counts as one. */
  limit: AttemptLimit
  /** The optional language model (ASSISTANT_LLM_URL), or null. */
  llm: AssistantLlm | null
  /** Saathi's engine: @wings/assistant's `reply`. */
  answer?: (text: string) => AssistantReply
  now?: () => Date
}

/** Saathi's answer as stored: the engine's reply, with its text phrased by the language model when one answered. */
interface BotAnswer {
  text: string
  actions: ChatAction[]
}

/**
 * Saathi's conversations (docs/chat.md). A conversation is a user's (her `_id`; only her session may use it) or a
 * guest's (a random id; only the browser holding the wings_guest cookie it was created with may use it).
 */
export function createChatService({ repo, transact, limit, llm, answer = engineReply, now = () => new Date() }: Deps) {
  function countAttempt(client: string): void {
    const waitSeconds = limit.attempt(client)
    if (waitSeconds > 0) {
      throw new HttpError(429, ErrorCode.rateLimited, ChatMessages.tooMany, { 'retry-after': String(waitSeconds) })
    }
  }

  /**
   * The conversation `id` if the caller may use it: a user's id needs her session (401 signed out, 403 another
   * user's), a guest conversation needs the browser's guest secret (403). An id that is neither starts a guest
   * conversation bound to the browser's secret (one is issued when it has none). A user's conversation row is only
   * made when `createForUser` (her first message); until then it is null.
   */
  function open(
    id: string,
    caller: ChatCaller,
    createForUser: boolean,
  ): { conversation: ConversationRecord | null; guestCreated: boolean } {
    const found = repo.find(id)
    if (found?.kind === 'user' || (!found && repo.isUser(id))) {
      if (!caller.user) throw signedOut()
      if (caller.user._id !== id) throw notYours()
      if (found || !createForUser) return { conversation: found ?? null, guestCreated: false }
      const conversation: ConversationRecord = { id, kind: 'user', guestSecretHash: null, createdAt: iso(now()) }
      repo.insertConversation(conversation)
      return { conversation, guestCreated: false }
    }
    if (found) {
      if (!guestKeyMatches(found, caller.guest.secret)) throw notYours()
      return { conversation: found, guestCreated: false }
    }
    countAttempt(caller.client)
    const conversation: ConversationRecord = {
      id,
      kind: 'guest',
      guestSecretHash: hashSecret(caller.guest.ensure()),
      createdAt: iso(now()),
    }
    repo.insertConversation(conversation)
    return { conversation, guestCreated: true }
  }

  /** Stores her message and Saathi's answer to it; answers both. */
  function store(
    conversationId: string,
    text: string,
    clientMessageId: string | null,
    bot: BotAnswer,
    times: { hers: string; bot: string },
  ): ChatMessage[] {
    const hers = repo.insertMessage({
      id: newId(),
      conversationId,
      sender: 'user',
      text,
      actions: null,
      clientMessageId,
      replyTo: null,
      createdAt: times.hers,
    })
    const reply = repo.insertMessage({
      id: newId(),
      conversationId,
      sender: 'bot',
      text: bot.text,
      actions: bot.actions,
      clientMessageId: null,
      replyTo: hers._id,
      createdAt: times.bot,
    })
    return [hers, reply]
  }

  const embedded = (reply: AssistantReply): BotAnswer => ({
    text: reply.text,
    actions: reply.actions.map(toChatAction),
  })

  return {
    /**
     * GET /api/:id/chat/conversation/get: the newest CHAT_HISTORY_MAX messages, oldest first. `guestCreated` when
     * this call started a guest conversation (the route then answers `guest`).
     */
    conversation(id: string, caller: ChatCaller): { conversation: ChatConversation; guestCreated: boolean } {
      return transact(() => {
        const { conversation, guestCreated } = open(id, caller, false)
        const messages = conversation ? repo.latest(conversation.id, CHAT_HISTORY_MAX) : []
        return { conversation: { _id: id, messages }, guestCreated }
      })
    },

    /**
     * POST /api/chat/message/send: stores her message (trimmed) and Saathi's answer, and answers both. A danger
     * answer is stored at once; otherwise, with a language model configured and entries retrieved, its phrasing
     * replaces the engine's text when it comes in time. A clientMessageId she sent before answers the messages
     * stored then (`created: false`) and changes nothing.
     */
    async send(
      body: ChatSendBody,
      caller: ChatCaller,
      log: PhraseLog,
    ): Promise<{ messages: ChatMessage[]; created: boolean }> {
      const clientMessageId = body.clientMessageId ?? null
      const earlier = transact(() => {
        open(body.userId, caller, true)
        const stored = clientMessageId === null ? undefined : repo.exchange(body.userId, clientMessageId)
        if (!stored) countAttempt(caller.client)
        return stored
      })
      if (earlier) return { messages: earlier, created: false }

      const text = body.text.trim()
      const receivedAt = iso(now())
      const reply = answer(text)
      const bot = embedded(reply)
      if (llm && phrasable(reply)) {
        bot.text = (await llm.phrase(text, reply, log)) ?? bot.text
      }
      return transact(() => {
        // Again: the conversation may have gone meanwhile, or a retry of the same message may have been stored.
        open(body.userId, caller, true)
        const stored = clientMessageId === null ? undefined : repo.exchange(body.userId, clientMessageId)
        if (stored) return { messages: stored, created: false }
        return {
          messages: store(body.userId, text, clientMessageId, bot, { hers: receivedAt, bot: iso(now()) }),
          created: true,
        }
      })
    },

    /**
     * The 'chat.send' op: a message she sent offline, which the browser already answered with the same engine. The
     * engine's answer is stored (no language model: ops are applied inside the push's transaction); a
     * clientMessageId stored before changes nothing. Her message keeps her time (a future one is taken as now).
     */
    sendQueued(op: ChatSendOp, caller: ChatCaller): void {
      transact(() => {
        open(op.userId, caller, true)
        if (repo.exchange(op.userId, op.clientMessageId)) return
        countAttempt(caller.client)
        const text = op.text.trim()
        const at = now().getTime()
        const sent = op.createdAt === undefined ? Number.NaN : Date.parse(op.createdAt)
        const sentAt = iso(Number.isFinite(sent) ? Math.min(sent, at) : at)
        store(op.userId, text, op.clientMessageId, embedded(answer(text)), { hers: sentAt, bot: sentAt })
      })
    },

    /** Deletes the guest conversations created more than CHAT_GUEST_DAYS ago, with their messages; answers how many. */
    sweep: (): number => repo.deleteGuestsBefore(iso(now().getTime() - CHAT_GUEST_DAYS * DAY_MS)),
  }
}

export type ChatService = ReturnType<typeof createChatService>
