import { ChatMessages } from '@wings/contract'
import { Dexie } from 'dexie'
import { describe, expect, it } from 'vitest'
import { db } from '../db/db.ts'
import { saveFailedMessage } from '../db/storage.ts'
import { setLanguage } from '../i18n/language.ts'
import { clearDb } from '../test/sync.ts'
import { SyncEngine } from './engine.ts'
import { NotSignedInError, queueOp } from './outbox.ts'

const quota = () => new Dexie.AbortError('x', new DOMException('full', 'QuotaExceededError'))

describe('texts made outside React, in her language', () => {
  it('asks her to log in, and says the phone is full, in Hindi', async () => {
    await clearDb()
    await setLanguage('hi')
    const error = await queueOp('profile.update', { firstName: 'Asha M' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotSignedInError)
    expect((error as Error).message).toBe('आगे बढ़ने के लिए कृपया लॉग इन करें।')
    expect(saveFailedMessage(quota(), 'Error')).toBe(
      'आपके फ़ोन में जगह नहीं बची: Wings इसे सेव नहीं कर पाया। थोड़ी जगह खाली करें और फिर से कोशिश करें।',
    )
    expect(saveFailedMessage(new Error('x'), 'त्रुटि')).toBe('त्रुटि')
  })

  it('gives a refused op’s reason in Marathi to the form that asks what became of it', async () => {
    await clearDb()
    await db.conflicts.put({
      opId: 'op-1',
      type: 'chat.send',
      payload: {},
      userId: null,
      code: 'RATE_LIMITED',
      message: ChatMessages.tooMany,
      createdAt: new Date().toISOString(),
      at: new Date().toISOString(),
    })
    await setLanguage('mr')
    const engine = new SyncEngine({ isOnline: () => false })
    expect(await engine.syncOp('op-1')).toEqual({
      status: 'rejected',
      code: 'RATE_LIMITED',
      message: 'खूप जास्त मेसेज झाले. एक मिनिट थांबून पुन्हा प्रयत्न करा.',
    })
  })
})
