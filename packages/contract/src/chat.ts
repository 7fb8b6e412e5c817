import { type Static, Type } from 'typebox'
import { CHAT_CLIENT_MESSAGE_ID_PATTERN, CHAT_TEXT_MAX, ChatMessages } from './chat-rules.ts'
import { ObjectId } from './common.ts'

/**
 * Saathi, the chat assistant (docs/chat.md). A conversation's id is the signed-in user's `_id`, or a guest's random
 * 24-hex id; a guest conversation is readable and writable only with the browser's `wings_guest` cookie.
 */

// The schema-free rules (chat-rules.ts) are exported from here too, for code that reads the contract in one place.
export {
  CHAT_CLIENT_MESSAGE_ID_PATTERN,
  CHAT_GUEST_DAYS,
  CHAT_HISTORY_MAX,
  CHAT_TEXT_MAX,
  ChatMessages,
  chatTextProblem,
} from './chat-rules.ts'

/** A button under Saathi's answer: the assistant's AssistantAction (packages/assistant/src/types.ts). */
export const ChatAction = Type.Union([
  /** Opens the SOS flow. */
  Type.Object({ type: Type.Literal('sos'), label: Type.String() }),
  /** A tel: link. */
  Type.Object({ type: Type.Literal('call'), label: Type.String(), number: Type.String() }),
  /** A screen of the app ('/routeplanner', '/help', ...). */
  Type.Object({ type: Type.Literal('open'), label: Type.String(), to: Type.String() }),
])
export type ChatAction = Static<typeof ChatAction>

/** Who wrote a message: she, or Saathi (the spec's "bot or other"). */
export const ChatSender = Type.Union([Type.Literal('user'), Type.Literal('bot')])
export type ChatSender = Static<typeof ChatSender>

export const ChatMessage = Type.Object({
  _id: Type.String(),
  sender: ChatSender,
  text: Type.String(),
  /** Saathi's buttons (SOS, call 112, open a screen); absent on her messages and on answers without any. */
  actions: Type.Optional(Type.Array(ChatAction)),
  /** Hers only, when she sent one: lets the app match a message it showed before the server had it. */
  clientMessageId: Type.Optional(Type.String()),
  /** ISO date-time. */
  createdAt: Type.String(),
})
export type ChatMessage = Static<typeof ChatMessage>

export const ChatConversation = Type.Object({
  /** The user's `_id`, or the guest's id. */
  _id: Type.String(),
  /** The newest CHAT_HISTORY_MAX messages, oldest first. */
  messages: Type.Array(ChatMessage),
})
export type ChatConversation = Static<typeof ChatConversation>

/** GET /api/:id/chat/conversation/get */
export const ChatConversationParams = Type.Object({ id: ObjectId })
export type ChatConversationParams = Static<typeof ChatConversationParams>

/**
 * 200 to GET /api/:id/chat/conversation/get: `data` holds the one conversation (the spec reads the first item's
 * messages). `guest` is there only when this request created a guest conversation (and set the `wings_guest` cookie).
 */
export const ChatConversationResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(ChatConversation),
  guest: Type.Optional(Type.Object({ _id: Type.String() })),
})
export type ChatConversationResponse = Static<typeof ChatConversationResponse>

const chatText = Type.String({
  title: 'Message',
  minLength: 1,
  maxLength: CHAT_TEXT_MAX,
  pattern: '\\S',
  messages: {
    minLength: ChatMessages.textRequired,
    pattern: ChatMessages.textRequired,
    maxLength: ChatMessages.textTooLong,
  },
})

const clientMessageId = Type.String({
  title: 'clientMessageId',
  pattern: CHAT_CLIENT_MESSAGE_ID_PATTERN,
  errorMessage: ChatMessages.clientMessageId,
})

const conversationId = { ...ObjectId, title: 'userId' }

/**
 * POST /api/chat/message/send: `userId` is the conversation (her `_id`, or the guest id); `text` is stored trimmed.
 * A repeated `clientMessageId` answers the messages stored the first time (200) instead of sending again.
 */
export const ChatSendBody = Type.Object(
  { userId: conversationId, text: chatText, clientMessageId: Type.Optional(clientMessageId) },
  { additionalProperties: false },
)
export type ChatSendBody = Static<typeof ChatSendBody>

/**
 * 'chat.send': a message she sent offline (the browser answered it with the same engine). `clientMessageId` is
 * required, so a message sent both ways is stored once; `createdAt` is when she sent it (a future time is taken as
 * now).
 */
export const ChatSendOp = Type.Object(
  {
    userId: conversationId,
    text: chatText,
    clientMessageId,
    createdAt: Type.Optional(
      Type.String({ title: 'createdAt', format: 'date-time', errorMessage: ChatMessages.createdAt }),
    ),
  },
  { additionalProperties: false },
)
export type ChatSendOp = Static<typeof ChatSendOp>

/** 201 to POST /api/chat/message/send (200 for a repeated clientMessageId): her message and Saathi's answer. */
export const ChatSendResponse = Type.Object({
  success: Type.Literal(true),
  messages: Type.Array(ChatMessage),
})
export type ChatSendResponse = Static<typeof ChatSendResponse>
