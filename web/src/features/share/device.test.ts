import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { clientIdOf, META_CLIENT_ID } from '../../sync/engine.ts'
import { clearDb } from '../../test/sync.ts'
import { DEVICE_ID_KEY, shareDeviceId } from './device.ts'

describe('shareDeviceId', () => {
  beforeEach(clearDb)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('is made once, random, in the form the server takes, and kept', async () => {
    const first = await shareDeviceId()
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(await shareDeviceId()).toBe(first)
    expect((await db.meta.get(DEVICE_ID_KEY))?.value).toBe(first)
    await clearDb()
    expect(await shareDeviceId()).not.toBe(first)
  })

  it('is not the sync client id, so her shares cannot be linked to her synced writes', async () => {
    const clientId = await clientIdOf()
    expect(await shareDeviceId()).not.toBe(clientId)
    expect(DEVICE_ID_KEY).not.toBe(META_CLIENT_ID)
  })

  it('replaces a stored value the server would refuse', async () => {
    await db.meta.put({ key: DEVICE_ID_KEY, value: 'not an id' })
    const id = await shareDeviceId()
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect((await db.meta.get(DEVICE_ID_KEY))?.value).toBe(id)
  })

  it('is undefined, not an error, when the phone’s database fails: a share must start anyway', async () => {
    vi.spyOn(db, 'transaction').mockRejectedValue(new Error('QuotaExceededError'))
    expect(await shareDeviceId()).toBeUndefined()
  })
})
