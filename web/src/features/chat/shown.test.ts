import type { ChatMessage } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { localAnswer, localMessage, markPending, type ShownMessage, withLoaded, withStored } from './shown.ts'

const A = '00000000-0000-4000-8000-00000000000a'
const B = '00000000-0000-4000-8000-00000000000b'
const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`
const hers = (id: string, clientMessageId: string, minute: number): ChatMessage => ({
  _id: id,
  sender: 'user',
  text: `hers ${id}`,
  clientMessageId,
  createdAt: at(minute),
})
const saathi = (id: string, minute: number): ChatMessage => ({
  _id: id,
  sender: 'bot',
  text: `bot ${id}`,
  createdAt: at(minute),
})
const ids = (list: ShownMessage[]) => list.map((m) => m._id)

describe('the conversation shown', () => {
  it("puts the server's copy of an exchange where the local one stood", () => {
    const list = [
      localMessage('first', A, at(1)),
      localAnswer({ text: 'SOS', actions: [{ type: 'sos', label: 'Send SOS' }] }, A, at(1), 'sending'),
      localMessage('second', B, at(2)),
    ]
    expect(ids(withStored(list, A, [hers('s1', A, 1), saathi('s2', 1)]))).toEqual(['s1', 's2', `local:${B}`])
    // Appended when the list has neither; never twice.
    const once = withStored([], A, [hers('s1', A, 1), saathi('s2', 1)])
    expect(ids(withStored(once, A, [hers('s1', A, 1), saathi('s2', 1)]))).toEqual(['s1', 's2'])
  })

  it('marks only the local messages of one exchange', () => {
    const list = [
      hers('s0', B, 0),
      localMessage('first', A, at(1)),
      localAnswer({ text: 'x', actions: [] }, A, at(1), 'sending'),
    ]
    const marked = markPending(list, A, 'queued')
    expect(marked.map((m) => m.pending)).toEqual([undefined, 'queued', 'queued'])
    expect(marked[2]?.actions).toBeUndefined()
  })

  it('keeps, after a load, what the server did not answer yet and drops what failed or went away', () => {
    const list: ShownMessage[] = [
      saathi('old', 0),
      { ...localMessage('queued', A, at(3)), pending: 'queued' },
      { ...localMessage('failed', B, at(4)), pending: 'failed' },
      hers('late', '00000000-0000-4000-8000-00000000000c', 6),
      saathi('late-bot', 6),
    ]
    const loaded = [hers('s1', '00000000-0000-4000-8000-00000000000d', 5), saathi('s2', 5)]
    expect(ids(withLoaded(list, loaded))).toEqual(['s1', 's2', `local:${A}`, 'late', 'late-bot'])
    // A queued message the server now has is shown once, as the server's.
    expect(ids(withLoaded(list, [hers('s3', A, 3), saathi('s4', 3)]))).toEqual(['s3', 's4', 'late', 'late-bot'])
  })
})
