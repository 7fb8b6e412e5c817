import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db, declareSchema, SCHEMA_V1, type WingsDb } from '../db/db.ts'
import { applyLocalProfile, storeServerUser } from '../db/user.ts'
import { testUser } from '../test/fixtures.ts'
import { clearDb } from '../test/sync.ts'
import { NotSignedInError, OpPayloadError, onOpQueued, queueOp } from './outbox.ts'

const asha = testUser()
const message = { fullName: 'Asha Rao', emailId: 'asha@example.in', query: 'Hello' }

describe('queueOp', () => {
  beforeEach(clearDb)
  afterEach(() => vi.restoreAllMocks())

  it('stores the op with its order, user and entity, and tells the listeners', async () => {
    await storeServerUser(asha)
    const heard = vi.fn()
    const off = onOpQueued(heard)
    const first = await queueOp('profile.update', { firstName: 'Asha M' }, (tx) =>
      applyLocalProfile(tx, { firstName: 'Asha M' }),
    )
    const second = await queueOp('contact.send', message)
    off()
    const rows = await db.outbox.orderBy('seq').toArray()
    expect(rows.map((r) => r.opId)).toEqual([first.opId, second.opId])
    expect(first.opId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(rows[0]).toMatchObject({
      type: 'profile.update',
      payload: { firstName: 'Asha M' },
      userId: asha._id,
      entity: `user:${asha._id}`,
    })
    expect(rows[1]).toMatchObject({ type: 'contact.send', userId: null, entity: `op:${second.opId}` })
    expect((rows[0]?.seq ?? 0) < (rows[1]?.seq ?? 0)).toBe(true)
    expect(Number.isNaN(Date.parse(rows[0]?.createdAt ?? ''))).toBe(false)
    expect((await db.user.get('me'))?.user.firstName).toBe('Asha M')
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it('refuses a bad payload: nothing is written and the local change never runs', async () => {
    await storeServerUser(asha)
    const local = vi.fn()
    await expect(queueOp('profile.update', { age: 7 }, local)).rejects.toBeInstanceOf(OpPayloadError)
    await expect(queueOp('profile.update', {}, local)).rejects.toThrow('Nothing to update')
    await expect(
      queueOp('profile.update', { firstName: 'A', userId: 'x' } as unknown as { firstName: string }, local),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' })
    await expect(queueOp('story.nope' as 'contact.send', message, local)).rejects.toMatchObject({
      code: 'UNKNOWN_OP',
    })
    expect(local).not.toHaveBeenCalled()
    expect(await db.outbox.count()).toBe(0)
  })

  it('writes no op when the local change fails', async () => {
    await storeServerUser(asha)
    await expect(
      queueOp('profile.update', { firstName: 'Asha M' }, async (tx) => {
        await tx.table('drafts').put({ _id: 'd1', title: 't', content: 'c', updatedAt: 1 })
        throw new Error('disk trouble')
      }),
    ).rejects.toThrow('disk trouble')
    expect(await db.outbox.count()).toBe(0)
    expect(await db.drafts.count()).toBe(0)
  })

  it('keeps no local change when the op cannot be written', async () => {
    await storeServerUser(asha)
    const taken = await queueOp('contact.send', message)
    // The same opId again breaks the outbox's unique index, so the op's write fails after the local change.
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(taken.opId as ReturnType<typeof crypto.randomUUID>)
    await expect(
      queueOp('profile.update', { firstName: 'Meera' }, (tx) => applyLocalProfile(tx, { firstName: 'Meera' })),
    ).rejects.toThrow()
    expect(await db.outbox.count()).toBe(1)
    expect((await db.user.get('me'))?.user.firstName).toBe('Asha')
  })

  it('refuses a user op with nobody signed in, but queues a message from a guest', async () => {
    await expect(queueOp('profile.update', { firstName: 'Asha M' })).rejects.toBeInstanceOf(NotSignedInError)
    expect(await db.outbox.count()).toBe(0)
    await queueOp('contact.send', message)
    expect(await db.outbox.count()).toBe(1)
  })

  it('sends undefined fields as absent', async () => {
    await storeServerUser(asha)
    const op = await queueOp('profile.update', { firstName: 'Asha M', age: undefined })
    expect(op.payload).toEqual({ firstName: 'Asha M' })
  })
})

describe('schema', () => {
  it('upgrades a version 1 database, keeping its data', async () => {
    const name = 'wings-upgrade-test'
    const old = new Dexie(name)
    old.version(1).stores(SCHEMA_V1)
    await old.table('user').put({ key: 'me', user: asha, savedAt: 1 })
    old.close()
    const next = new Dexie(name) as WingsDb
    declareSchema(next)
    await next.open()
    expect(next.verno).toBeGreaterThanOrEqual(7)
    expect((await next.user.get('me'))?.user.email).toBe(asha.email)
    const seq = await next.outbox.add({
      opId: crypto.randomUUID(),
      type: 'contact.send',
      payload: message,
      createdAt: new Date().toISOString(),
      userId: null,
      entity: 'x',
    })
    expect(typeof seq).toBe('number')
    expect(next.outbox.schema.indexes.map((i) => i.name).sort()).toEqual(['entity', 'opId', 'userId'])
    next.close()
    await Dexie.delete(name)
  })
})
