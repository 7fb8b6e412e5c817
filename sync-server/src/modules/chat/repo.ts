import type { ChatAction, ChatMessage, ChatSender } from '@wings/contract'
import type { Db } from '../../db/connection.ts'
import { findOne } from '../../db/rows.ts'

interface ConversationRow {
  id: string
  kind: 'user' | 'guest'
  guest_secret_hash: string | null
  created_at: string
}

export interface ConversationRecord {
  id: string
  kind: 'user' | 'guest'
  /** The SHA-256 (hex) of the guest's cookie; null for a user's conversation. */
  guestSecretHash: string | null
  createdAt: string
}

interface MessageRow {
  id: string
  sender: ChatSender
  text: string
  actions_json: string | null
  client_message_id: string | null
  created_at: string
}

export interface NewMessage {
  id: string
  conversationId: string
  sender: ChatSender
  text: string
  actions: ChatAction[] | null
  clientMessageId: string | null
  replyTo: string | null
  createdAt: string
}

const toConversation = (row: ConversationRow): ConversationRecord => ({
  id: row.id,
  kind: row.kind,
  guestSecretHash: row.guest_secret_hash,
  createdAt: row.created_at,
})

/** The message as answered: `actions` only when there are some, `clientMessageId` only when she sent one. */
const toMessage = (row: MessageRow): ChatMessage => {
  const actions = row.actions_json === null ? [] : (JSON.parse(row.actions_json) as ChatAction[])
  return {
    _id: row.id,
    sender: row.sender,
    text: row.text,
    ...(actions.length > 0 ? { actions } : {}),
    ...(row.client_message_id === null ? {} : { clientMessageId: row.client_message_id }),
    createdAt: row.created_at,
  }
}

const MESSAGE_COLUMNS = 'id, sender, text, actions_json, client_message_id, created_at'

/** Every SQL statement on conversations and chat_messages. */
export function createChatRepo(db: Db) {
  const byId = db.prepare<[string], ConversationRow>(
    'SELECT id, kind, guest_secret_hash, created_at FROM conversations WHERE id = ?',
  )
  const userExists = db.prepare<[string], { found: number }>('SELECT 1 AS found FROM users WHERE id = ?')
  const insertConversation = db.prepare(`INSERT INTO conversations (id, kind, user_id, guest_secret_hash, created_at)
    VALUES (@id, @kind, @userId, @guestSecretHash, @createdAt)`)
  const insertMessage = db.prepare(`INSERT INTO chat_messages
      (id, conversation_id, sender, text, actions_json, client_message_id, reply_to, created_at)
    VALUES (@id, @conversationId, @sender, @text, @actionsJson, @clientMessageId, @replyTo, @createdAt)`)
  // The newest `limit`, then turned oldest first.
  const latest = db.prepare<[string, number], MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM (
      SELECT seq, ${MESSAGE_COLUMNS} FROM chat_messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT ?
    ) AS newest ORDER BY seq`)
  const byClientId = db.prepare<[string, string], MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE conversation_id = ? AND client_message_id = ?`,
  )
  const answerTo = db.prepare<[string], MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE reply_to = ? ORDER BY seq LIMIT 1`,
  )
  const deleteGuestsBefore = db.prepare("DELETE FROM conversations WHERE kind = 'guest' AND created_at < ?")

  return {
    find: findOne(byId, toConversation),
    /** Whether `id` is an account's id (a conversation of that id is hers alone). */
    isUser: (id: string): boolean => userExists.get(id) !== undefined,
    insertConversation(conversation: ConversationRecord): void {
      insertConversation.run({
        ...conversation,
        userId: conversation.kind === 'user' ? conversation.id : null,
      })
    },
    insertMessage(message: NewMessage): ChatMessage {
      const actionsJson = message.actions === null ? null : JSON.stringify(message.actions)
      insertMessage.run({ ...message, actionsJson })
      return toMessage({
        id: message.id,
        sender: message.sender,
        text: message.text,
        actions_json: actionsJson,
        client_message_id: message.clientMessageId,
        created_at: message.createdAt,
      })
    },
    /** The newest `limit` messages, oldest first. */
    latest: (conversationId: string, limit: number): ChatMessage[] => latest.all(conversationId, limit).map(toMessage),
    /** Her message with this clientMessageId and Saathi's answer to it, when she sent it before. */
    exchange(conversationId: string, clientMessageId: string): ChatMessage[] | undefined {
      const hers = byClientId.get(conversationId, clientMessageId)
      if (!hers) return undefined
      const answer = answerTo.get(hers.id)
      return answer ? [toMessage(hers), toMessage(answer)] : [toMessage(hers)]
    },
    /** Deletes the guest conversations (and their messages) created before `cutoff`; returns how many. */
    deleteGuestsBefore: (cutoff: string): number => deleteGuestsBefore.run(cutoff).changes,
  }
}

export type ChatRepo = ReturnType<typeof createChatRepo>
