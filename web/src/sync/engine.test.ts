import { PUSH_MAX_OPS } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../db/db.ts'
import { applyLocalProfile, storeServerUser } from '../db/user.ts'
import { storeUser } from '../features/auth/index.ts'
import { failure, networkFailure, offContract, requests } from '../test/api.ts'
import { testUser } from '../test/fixtures.ts'
import { clearDb, json, syncServer } from '../test/sync.ts'
import { BACKOFF_BASE_MS } from './backoff.ts'
import { cursorKey, META_PAUSED_FOR, SyncEngine } from './engine.ts'
import { queueOp } from './outbox.ts'

const asha = testUser()
const meera = testUser({ _id: 'b'.repeat(24), firstName: 'Meera', email: 'meera@example.in' })
const message = (query = 'Hello') => ({ fullName: 'Asha Rao', emailId: 'asha@example.in', query })

const profileOp = (firstName: string) =>
  queueOp('profile.update', { firstName }, (tx) => applyLocalProfile(tx, { firstName }))

let engine: SyncEngine
let online = true

/** On fake timers: nothing is pushed again for `from` ms; by `to` ms the retry is pushed and the outbox is empty. */
async function retriedBetween(pushes: readonly unknown[], from: number, to: number) {
  const sent = pushes.length
  await vi.advanceTimersByTimeAsync(from)
  expect(pushes).toHaveLength(sent)
  await vi.advanceTimersByTimeAsync(to - from)
  await vi.waitFor(() => expect(engine.getState().failures).toBe(0))
  expect(pushes).toHaveLength(sent + 1)
  expect(await db.outbox.count()).toBe(0)
}

describe('SyncEngine', () => {
  beforeEach(async () => {
    await clearDb()
    online = true
    engine = new SyncEngine({ useLocks: false, random: () => 0.5, isOnline: () => online })
  })
  afterEach(() => {
    engine.deactivate()
    vi.unstubAllGlobals()
  })

  it('pushes the outbox in order with one clientId, and removes applied and duplicate ops', async () => {
    await storeServerUser(asha)
    const a = await profileOp('Asha M')
    const b = await queueOp('contact.send', message())
    const c = await profileOp('Asha K')
    const { pushes } = syncServer({
      push: (body) =>
        json(200, {
          success: true,
          results: body.ops.map((op, i) => ({ opId: op.opId, status: i === 1 ? 'duplicate' : 'applied' })),
        }),
    })
    const result = await engine.sync()
    expect(result).toMatchObject({ status: 'ok', pushed: 3, rejected: 0, paused: false })
    expect(pushes).toHaveLength(1)
    expect(pushes[0]?.ops.map((op) => op.opId)).toEqual([a.opId, b.opId, c.opId])
    expect(pushes[0]?.ops[0]).toEqual({
      opId: a.opId,
      type: 'profile.update',
      payload: { firstName: 'Asha M' },
      createdAt: a.createdAt,
    })
    expect(pushes[0]?.clientId).toMatch(/^[0-9a-f-]{36}$/)
    expect(await db.outbox.count()).toBe(0)
    // The server's copy now holds her change, so the shown user keeps it.
    const row = await db.user.get('me')
    expect(row?.user.firstName).toBe('Asha K')
    expect(row?.server?.firstName).toBe('Asha K')
    await queueOp('contact.send', message('again'))
    await engine.sync()
    expect(pushes[1]?.clientId).toBe(pushes[0]?.clientId)
  })

  it('moves a rejected op to conflicts and still pushes the ops behind it', async () => {
    await storeServerUser(asha)
    const bad = await profileOp('Asha M')
    const after = await queueOp('contact.send', message())
    const { pushes } = syncServer({
      push: (body) =>
        json(200, {
          success: true,
          results: body.ops.map((op) =>
            op.opId === bad.opId
              ? { opId: op.opId, status: 'rejected', code: 'VALIDATION_ERROR', message: 'First name is too long' }
              : { opId: op.opId, status: 'applied' },
          ),
        }),
    })
    const result = await engine.sync()
    expect(result).toMatchObject({ pushed: 1, rejected: 1 })
    expect(pushes[0]?.ops.map((op) => op.opId)).toEqual([bad.opId, after.opId])
    expect(await db.outbox.count()).toBe(0)
    const conflict = await db.conflicts.get(bad.opId)
    expect(conflict).toMatchObject({
      type: 'profile.update',
      code: 'VALIDATION_ERROR',
      message: 'First name is too long',
      payload: { firstName: 'Asha M' },
      userId: asha._id,
    })
    // The optimistic change is undone: the shown user is the server's copy again.
    expect((await db.user.get('me'))?.user.firstName).toBe('Asha')
    // A later op goes on its own: the conflict blocks nothing.
    await queueOp('contact.send', message('later'))
    await engine.sync()
    expect(pushes).toHaveLength(2)
    expect(await db.outbox.count()).toBe(0)
    expect(await engine.syncOp(bad.opId)).toEqual({
      status: 'rejected',
      code: 'VALIDATION_ERROR',
      message: 'First name is too long',
    })
  })

  it('pauses her ops on 401 (nothing discarded), still sends the rest, and resumes after sign-in', async () => {
    await storeServerUser(asha)
    const change = await profileOp('Asha M')
    const contact = await queueOp('contact.send', message())
    let session = false
    const { pushes, pulls } = syncServer({
      push: (body) =>
        !session && body.ops.some((op) => op.type === 'profile.update')
          ? json(401, { success: false, message: 'Please log in to continue', code: 'UNAUTHENTICATED' })
          : 'applied',
    })
    const result = await engine.sync()
    expect(result).toMatchObject({ status: 'ok', paused: true, pushed: 1 })
    expect(pushes.map((p) => p.ops.map((op) => op.opId))).toEqual([[change.opId, contact.opId], [contact.opId]])
    expect(pulls).toEqual([])
    expect((await db.outbox.toArray()).map((op) => op.opId)).toEqual([change.opId])
    expect((await db.meta.get(META_PAUSED_FOR))?.value).toBe(asha._id)
    expect((await db.user.get('me'))?.user.firstName).toBe('Asha M')

    // Paused: further runs leave her op alone.
    await engine.sync()
    expect(pushes).toHaveLength(2)

    // Signing in again (the AuthProvider stores the user) resumes the queue; her change stays applied on top.
    session = true
    await storeUser(asha)
    expect(await db.meta.get(META_PAUSED_FOR)).toBeUndefined()
    expect((await db.user.get('me'))?.user.firstName).toBe('Asha M')
    const resumed = await engine.sync()
    expect(resumed).toMatchObject({ paused: false, pushed: 1 })
    expect(pushes[2]?.ops.map((op) => op.opId)).toEqual([change.opId])
    expect(await db.outbox.count()).toBe(0)
  })

  it('retries network errors and 5xx with capped, jittered, growing delays', async () => {
    // Only the engine's timers are fake: IndexedDB (fake-indexeddb) keeps its own scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    await queueOp('contact.send', message())
    let failWith: 'network' | 503 | null = 'network'
    const { pushes } = syncServer({
      push: () => {
        if (failWith === 'network') return networkFailure()
        if (failWith === 503) return failure(503)
        return 'applied'
      },
    })
    engine.activate()
    const first = await engine.sync()
    expect(first.status).toBe('retry')
    expect(engine.getState().failures).toBe(1)
    expect(await db.outbox.count()).toBe(1)
    // First retry after exactly the base delay (1 s).
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS - 10)
    expect(pushes).toHaveLength(1)
    failWith = 503
    await vi.advanceTimersByTimeAsync(20)
    await vi.waitFor(() => expect(engine.getState().failures).toBe(2))
    expect(pushes).toHaveLength(2)
    // Second: 1 s + 0.5 * (2 s - 1 s) = 1.5 s.
    failWith = null
    await retriedBetween(pushes, 1400, 1600)
    expect(engine.getState().retryAt).toBeNull()
  })

  it('knows the server was unreachable (no network), and not after a server error or once it answers', async () => {
    await queueOp('contact.send', message())
    let failWith: 'network' | 503 | null = 'network'
    syncServer({
      push: () => {
        if (failWith === 'network') return networkFailure()
        if (failWith === 503) return failure(503)
        return 'applied'
      },
    })
    await engine.sync()
    expect(engine.getState().unreachable).toBe(true)
    failWith = 503
    await engine.sync()
    expect(engine.getState().unreachable).toBe(false)
    failWith = 'network'
    await engine.sync()
    expect(engine.getState().unreachable).toBe(true)
    failWith = null
    expect((await engine.sync()).status).toBe('ok')
    expect(engine.getState().unreachable).toBe(false)
  })

  it('waits as long as the server asks (Retry-After on a 429) when that is longer than its backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    await queueOp('contact.send', message())
    let busy = true
    const { pushes } = syncServer({
      push: () => (busy ? failure(429, 'Too many requests', undefined, { 'Retry-After': '30' }) : 'applied'),
    })
    engine.activate()
    expect((await engine.sync()).status).toBe('retry')
    expect(engine.getState().retryAt).toBe(Date.now() + 30_000)
    busy = false
    await retriedBetween(pushes, 29_000, 30_100)
  })

  it('does not try while offline and leaves the ops queued', async () => {
    online = false
    const op = await queueOp('contact.send', message())
    syncServer()
    expect((await engine.sync()).status).toBe('offline')
    expect(await engine.syncOp(op.opId)).toEqual({ status: 'waiting' })
    expect(requests()).toEqual([])
    online = true
    expect(await engine.syncOp(op.opId)).toEqual({ status: 'sent' })
  })

  it("pushes only the signed-in user's ops: another account's wait for her", async () => {
    await storeServerUser(meera)
    const meeras = await profileOp('Meera K')
    await storeServerUser(asha)
    const ashas = await profileOp('Asha M')
    const guest = await queueOp('contact.send', message())
    const { pushes } = syncServer()
    await engine.sync()
    expect(pushes[0]?.ops.map((op) => op.opId)).toEqual([ashas.opId, guest.opId])
    expect((await db.outbox.toArray()).map((op) => op.opId)).toEqual([meeras.opId])
    // Signed out: nobody's user ops go.
    await db.user.delete('me')
    await engine.sync()
    expect(pushes).toHaveLength(1)
    // Meera signs in on this phone again: hers go.
    await storeServerUser(meera)
    await engine.sync()
    expect(pushes[1]?.ops.map((op) => op.opId)).toEqual([meeras.opId])
  })

  it('never lets an op overtake an earlier op of its entity that is held back', async () => {
    await queueOp('contact.send', message('first'), undefined, { entity: 'thing:1' })
    await db.outbox.toCollection().modify({ userId: meera._id })
    const later = await queueOp('contact.send', message('second'), undefined, { entity: 'thing:1' })
    const other = await queueOp('contact.send', message('third'))
    const { pushes } = syncServer()
    await engine.sync()
    expect(pushes[0]?.ops.map((op) => op.opId)).toEqual([other.opId])
    expect(await db.outbox.where('opId').equals(later.opId).count()).toBe(1)
  })

  it(`sends at most ${PUSH_MAX_OPS} ops per push`, async () => {
    await db.outbox.bulkAdd(
      Array.from({ length: PUSH_MAX_OPS + 50 }, (_, i) => ({
        opId: crypto.randomUUID(),
        type: 'contact.send',
        payload: message(`m${i}`),
        createdAt: new Date().toISOString(),
        userId: null,
        entity: `op:${i}`,
      })),
    )
    const { pushes } = syncServer()
    const result = await engine.sync()
    expect(pushes.map((p) => p.ops.length)).toEqual([PUSH_MAX_OPS, 50])
    expect(pushes[1]?.ops[49]?.payload).toEqual(message(`m${PUSH_MAX_OPS + 49}`))
    expect(result.pushed).toBe(PUSH_MAX_OPS + 50)
  })

  it('splits a batch the server finds too large, and keeps a single bad op as a conflict', async () => {
    const ops = []
    for (let i = 0; i < 4; i++) ops.push(await queueOp('contact.send', message(`m${i}`)))
    const { pushes } = syncServer({
      push: (body) =>
        body.ops.length > 2
          ? json(413, { success: false, message: 'Too large', code: 'PAYLOAD_TOO_LARGE' })
          : body.ops.some((op) => op.payload && (op.payload as { query: string }).query === 'm3')
            ? json(400, { success: false, message: 'createdAt must be an ISO date-time', code: 'VALIDATION_ERROR' })
            : 'applied',
    })
    const result = await engine.sync()
    expect(pushes.map((p) => p.ops.length)).toEqual([4, 2, 2, 1, 1])
    expect(result).toMatchObject({ pushed: 3, rejected: 1 })
    expect(await db.conflicts.get(ops[3]?.opId ?? '')).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'createdAt must be an ISO date-time',
    })
  })

  it('pulls while more, applies user changes, and stores each cursor only after its page', async () => {
    await storeServerUser(asha)
    await db.meta.put({ key: cursorKey(asha._id), value: 7 })
    const { pulls } = syncServer({
      pull: (since) => {
        if (since === 7)
          // The story's data is not a story: the engine must still apply the rest.
          return offContract({
            success: true,
            cursor: 12,
            more: true,
            changes: [
              { seq: 12, entity: 'user', id: asha._id, deleted: false, data: { ...asha, firstName: 'Asha P' } },
              { seq: 11, entity: 'story', id: 'x', deleted: false, data: {} },
            ],
          })
        return networkFailure()
      },
    })
    const result = await engine.sync()
    expect(pulls).toEqual([7, 12])
    expect(result.status).toBe('retry')
    expect((await db.user.get('me'))?.user.firstName).toBe('Asha P')
    expect((await db.meta.get(cursorKey(asha._id)))?.value).toBe(12)
  })

  it('keeps her waiting profile change on top of a pulled copy, and starts a first pull at 0', async () => {
    await storeServerUser(asha)
    await profileOp('Asha M')
    const { pulls } = syncServer({
      push: () => failure(503),
      pull: () => json(200, { success: true, cursor: 3, more: false, changes: [] }),
    })
    expect((await engine.sync()).status).toBe('retry')
    expect(pulls).toEqual([])
    await storeServerUser({ ...asha, lastName: 'Iyer' })
    const row = await db.user.get('me')
    expect(row?.user).toMatchObject({ firstName: 'Asha M', lastName: 'Iyer' })
    expect(row?.server).toMatchObject({ firstName: 'Asha', lastName: 'Iyer' })
    await db.outbox.clear()
    await engine.sync()
    expect(pulls).toEqual([0])
    expect((await db.meta.get(cursorKey(asha._id)))?.value).toBe(3)
  })

  it('drops a pulled page when another user signed in meanwhile', async () => {
    await storeServerUser(asha)
    syncServer({
      pull: async () => {
        await storeServerUser(meera)
        return json(200, {
          success: true,
          cursor: 5,
          more: false,
          changes: [{ seq: 5, entity: 'user', id: asha._id, deleted: false, data: asha }],
        })
      },
    })
    await engine.sync()
    expect((await db.user.get('me'))?.user._id).toBe(meera._id)
    expect(await db.meta.get(cursorKey(asha._id))).toBeUndefined()
  })

  it('stores her pulled saved routes, deletes deleted ones, and keeps a route she deleted meanwhile', async () => {
    await storeServerUser(asha)
    const kept = 'c1'.padEnd(24, '0')
    const gone = 'c2'.padEnd(24, '0')
    const waiting = 'c3'.padEnd(24, '0')
    const broken = 'c4'.padEnd(24, '0')
    const route = (_id: string) => ({
      _id,
      currentLocationName: 'Koramangala',
      currentLocation: [12.9352, 77.6245] as [number, number],
      destinationLocationName: 'MG Road',
      destinationLocation: [12.9756, 77.6069] as [number, number],
      route: {
        mode: 'foot' as const,
        label: 'Safest' as const,
        geometry: '_p~iF~ps|U',
        distance: 1830,
        duration: 1402,
        safetyScore: 82,
      },
      createdAt: '2025-03-05T10:30:00.000Z',
    })
    await db.savedRoutes.bulkPut([
      { ...route(gone), userId: asha._id },
      { ...route(waiting), userId: asha._id },
    ])
    syncServer({
      pull: async () => {
        // She deletes a route while the pull is on its way: her delete is newer than the pulled copy.
        await queueOp('route.delete', { _id: waiting }, (tx) => tx.table('savedRoutes').delete(waiting))
        return offContract({
          success: true,
          cursor: 9,
          more: false,
          changes: [
            { seq: 6, entity: 'route', id: kept, deleted: false, data: route(kept) },
            { seq: 7, entity: 'route', id: gone, deleted: true },
            { seq: 8, entity: 'route', id: waiting, deleted: false, data: route(waiting) },
            { seq: 9, entity: 'route', id: broken, deleted: false, data: { _id: broken } },
          ],
        })
      },
    })
    const result = await engine.sync()
    expect(result.pulled).toBe(4)
    expect(await db.savedRoutes.toArray()).toEqual([{ ...route(kept), userId: asha._id }])
    expect((await db.meta.get(cursorKey(asha._id)))?.value).toBe(9)
    expect((await db.outbox.toArray()).map((op) => op.entity)).toEqual([`route:${waiting}`])
  })

  it('stores her pulled trusted contacts, applies edits and deletions, and keeps what waits here or is not hers', async () => {
    await storeServerUser(asha)
    const id = (n: number) => `e${n}`.padEnd(24, '0')
    const contact = (n: number, name = `Friend ${n}`) => ({
      _id: id(n),
      name,
      phone: `+9198765432${n}0`,
      createdAt: `2025-03-0${n}T10:00:00.000Z`,
    })
    await db.trustedContacts.bulkPut([
      { ...contact(2), userId: asha._id },
      { ...contact(3), userId: asha._id },
      { ...contact(4), userId: asha._id },
      // Kept on this phone only at her logout, then deleted in her account: it goes. Another account's stays.
      { ...contact(5), userId: null },
      { ...contact(6), userId: meera._id },
    ])
    syncServer({
      pull: async () => {
        // She removes a contact while the pull is on its way: her delete is newer than the pulled copy.
        await queueOp('trusted.delete', { _id: id(4) }, (tx) => tx.table('trustedContacts').delete(id(4)))
        return offContract({
          success: true,
          cursor: 12,
          more: false,
          changes: [
            { seq: 4, entity: 'trusted', id: id(1), deleted: false, data: contact(1) },
            { seq: 5, entity: 'trusted', id: id(2), deleted: false, data: contact(2, 'Amma') },
            { seq: 6, entity: 'trusted', id: id(3), deleted: true },
            { seq: 7, entity: 'trusted', id: id(4), deleted: false, data: contact(4, 'Old name') },
            { seq: 8, entity: 'trusted', id: id(5), deleted: true },
            { seq: 9, entity: 'trusted', id: id(6), deleted: false, data: contact(6, 'Taken') },
            { seq: 10, entity: 'trusted', id: id(7), deleted: false, data: { _id: id(7), name: 'No phone' } },
            { seq: 11, entity: 'trusted', id: id(8), deleted: false, data: contact(9) },
            { seq: 12, entity: 'someday', id: 'x', deleted: false, data: {} },
          ],
        })
      },
    })
    const result = await engine.sync()
    expect(result.pulled).toBe(9)
    expect(await db.trustedContacts.orderBy('_id').toArray()).toEqual([
      { ...contact(1), userId: asha._id },
      { ...contact(2, 'Amma'), userId: asha._id },
      { ...contact(6), userId: meera._id },
    ])
    expect((await db.meta.get(cursorKey(asha._id)))?.value).toBe(12)
    expect((await db.outbox.toArray()).map((op) => op.entity)).toEqual([`trusted:${id(4)}`])
  })

  it('takes back as hers, in E.164, the contacts she kept on this phone at logout; other phone-only ones stay', async () => {
    await storeServerUser(asha)
    const kept = { _id: 'e1'.padEnd(24, '0'), name: 'Amma', phone: '+919876543210', createdAt: '2025-03-01T10:00:00Z' }
    const own = {
      _id: 'e2'.padEnd(24, '0'),
      name: 'Neighbour',
      phone: '+442079460958',
      createdAt: '2025-03-02T10:00:00Z',
    }
    await db.trustedContacts.bulkPut([
      { ...kept, userId: null },
      { ...own, userId: null },
    ])
    syncServer({
      pull: async () =>
        json(200, {
          success: true,
          cursor: 3,
          more: false,
          // A number an older version stored with a trunk 0 after +91.
          changes: [
            { seq: 3, entity: 'trusted', id: kept._id, deleted: false, data: { ...kept, phone: '+9109876543210' } },
          ],
        }),
    })
    await engine.sync()
    expect(await db.trustedContacts.orderBy('_id').toArray()).toEqual([
      { ...kept, userId: asha._id },
      { ...own, userId: null },
    ])
  })

  it('keeps a trusted contact the server refused on this phone only, and files the refusal as a conflict', async () => {
    await storeServerUser(asha)
    const amma = { _id: 'e1'.padEnd(24, '0'), name: 'Amma', phone: '+919876543210' }
    await queueOp('trusted.save', amma, (tx) =>
      tx.table('trustedContacts').put({ ...amma, userId: asha._id, createdAt: '2025-03-01T10:00:00.000Z' }),
    )
    const refused = 'This number is already in your trusted contacts'
    syncServer({
      push: (body) =>
        json(200, {
          success: true,
          results: body.ops.map((op) => ({ opId: op.opId, status: 'rejected', code: 'CONFLICT', message: refused })),
        }),
    })
    expect(await engine.sync()).toMatchObject({ rejected: 1 })
    expect(await db.trustedContacts.get(amma._id)).toEqual({
      ...amma,
      userId: null,
      createdAt: '2025-03-01T10:00:00.000Z',
    })
    expect(await db.conflicts.toArray()).toEqual([
      expect.objectContaining({ type: 'trusted.save', code: 'CONFLICT', message: refused }),
    ])
  })

  it('pauses when the pull answers 401', async () => {
    await storeServerUser(asha)
    syncServer({ pull: () => json(401, { success: false, message: 'Please log in', code: 'UNAUTHENTICATED' }) })
    expect((await engine.sync()).paused).toBe(true)
    expect((await db.meta.get(META_PAUSED_FOR))?.value).toBe(asha._id)
  })

  it('runs one sync at a time; calls during a run share one further run', async () => {
    await queueOp('contact.send', message())
    let release: () => void = () => undefined
    const { pushes } = syncServer({
      push: (body) =>
        pushes.length === 1
          ? new Promise<Response>((resolve) => {
              release = () =>
                resolve(
                  json(200, { success: true, results: body.ops.map((op) => ({ opId: op.opId, status: 'applied' })) }),
                )
            })
          : 'applied',
    })
    const first = engine.sync()
    await vi.waitFor(() => expect(pushes).toHaveLength(1))
    await queueOp('contact.send', message('two'))
    const second = engine.sync()
    const third = engine.sync()
    expect(third).toBe(second)
    await new Promise((r) => setTimeout(r, 20))
    expect(pushes).toHaveLength(1)
    expect(engine.getState()).toMatchObject({ running: true, pushing: true })
    release()
    await first
    await second
    expect(pushes).toHaveLength(2)
    expect(pushes[1]?.ops).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
    expect(engine.getState()).toMatchObject({ running: false, pushing: false })
  })

  it('runs on a trigger only when active', async () => {
    await queueOp('contact.send', message())
    const { pushes } = syncServer()
    engine.trigger()
    await new Promise((r) => setTimeout(r, 20))
    expect(pushes).toHaveLength(0)
    engine.activate()
    engine.trigger()
    await vi.waitFor(() => expect(pushes).toHaveLength(1))
  })
})
