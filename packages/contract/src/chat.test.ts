import { describe, expect, it } from 'vitest'
import { ChatConversationParams, ChatSendBody } from './chat.ts'
import { CHAT_TEXT_MAX, ChatMessages, chatTextProblem } from './chat-rules.ts'
import { newObjectId } from './rules.ts'
import { opNeedsUser } from './sync.ts'
import { isValid, opPayloadProblem, problemOf } from './validate.ts'

const ID = 'abcdefabcdefabcdefabcdef'
const UUID = '0b6c2c1e-8f0a-4d55-9a53-3f7c1d2e4b6a'

describe('chat rules', () => {
  it('makes guest ids of 24 random hexadecimal characters', () => {
    const ids = Array.from({ length: 50 }, newObjectId)
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{24}$/)
      expect(isValid(ChatConversationParams, { id })).toBe(true)
    }
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('words a message problem as the server does, counting code points', () => {
    const cases = [
      '',
      '   ',
      'hi',
      'x'.repeat(CHAT_TEXT_MAX),
      'x'.repeat(CHAT_TEXT_MAX + 1),
      '😀'.repeat(CHAT_TEXT_MAX),
    ]
    for (const text of cases) {
      expect(chatTextProblem(text)).toBe(problemOf(ChatSendBody, { userId: ID, text })?.message ?? null)
    }
    expect(chatTextProblem(' ')).toBe(ChatMessages.textRequired)
    expect(chatTextProblem('😀'.repeat(CHAT_TEXT_MAX + 1))).toBe(ChatMessages.textTooLong)
  })
})

describe('chat schemas', () => {
  it('checks the send body', () => {
    expect(problemOf(ChatSendBody, { userId: ID, text: 'hi' })).toBeNull()
    expect(problemOf(ChatSendBody, { userId: ID, text: 'hi', clientMessageId: UUID })).toBeNull()
    expect(problemOf(ChatSendBody, { text: 'hi' })?.message).toBe('userId is required')
    expect(problemOf(ChatSendBody, { userId: ID.toUpperCase(), text: 'hi' })?.message).toBe(
      'Id must be 24 hexadecimal characters',
    )
    expect(problemOf(ChatSendBody, { userId: ID, text: 'hi', clientMessageId: 'x' })?.message).toBe(
      ChatMessages.clientMessageId,
    )
    expect(problemOf(ChatSendBody, { userId: ID, text: 'hi', sender: 'bot' })?.message).toBe('Unknown field: sender')
  })

  it("checks 'chat.send' ops: any caller, clientMessageId required", () => {
    const op = { userId: ID, text: 'hi', clientMessageId: UUID }
    expect(opNeedsUser('chat.send')).toBe(false)
    expect(opPayloadProblem('chat.send', op)).toBeNull()
    expect(opPayloadProblem('chat.send', { ...op, createdAt: '2025-03-08T18:00:00.000Z' })).toBeNull()
    expect(opPayloadProblem('chat.send', { ...op, createdAt: 'yesterday' })?.message).toBe(ChatMessages.createdAt)
    expect(opPayloadProblem('chat.send', { userId: ID, text: 'hi' })).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'clientMessageId is required',
    })
    expect(opPayloadProblem('chat.send', { ...op, text: '' })?.message).toBe(ChatMessages.textRequired)
  })
})
