/**
 * Saathi, the chat assistant, without schemas: limits, messages and the guest id. The chat button is on every page,
 * so these cost no TypeBox; the schemas built from them are in chat.ts.
 */

/**
 * A message holds at most this many characters (Unicode code points, as the schema counts them) as sent, and a
 * non-blank one; the server stores it trimmed. Generous: a frightened woman may paste or type a long account, and
 * must get an answer, not an error.
 */
export const CHAT_TEXT_MAX = 4000
/** GET answers at most this many messages of a conversation: the newest, oldest first. */
export const CHAT_HISTORY_MAX = 200
/** A guest conversation is deleted this many days after it was created (docs/chat.md). */
export const CHAT_GUEST_DAYS = 30
/**
 * `clientMessageId`: a lower-case UUID (`crypto.randomUUID()`), the same rule as sync.ts's Uuid, which chat.ts cannot
 * import (sync.ts imports chat.ts).
 */
export const CHAT_CLIENT_MESSAGE_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'

export const ChatMessages = {
  textRequired: 'Message is required',
  textTooLong: `Message must be at most ${CHAT_TEXT_MAX} characters`,
  /** 403: another user's conversation, or a guest conversation this browser did not start. */
  notYours: 'This conversation belongs to someone else',
  clientMessageId: 'clientMessageId must be a lower-case UUID',
  createdAt: 'createdAt must be an ISO date-time',
  /** 429 to POST /api/chat/message/send and 'chat.send' ops together, per IP. */
  tooMany: 'Too many messages. Please wait a minute and try again.',
} as const

/** Why `text` cannot be sent (the server's wording), or null: what the chat box checks before sending. */
export function chatTextProblem(text: string): string | null {
  if (text.trim() === '') return ChatMessages.textRequired
  return [...text].length > CHAT_TEXT_MAX ? ChatMessages.textTooLong : null
}
