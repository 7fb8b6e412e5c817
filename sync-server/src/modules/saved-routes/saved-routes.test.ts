import { randomUUID } from 'node:crypto'
import { SAVED_ROUTES_MAX } from '@wings/contract'
import { ROUTE_DETAIL } from '@wings/contract/testing'
import { describe, expect, it } from 'vitest'
import { expectInvalid } from '../../testing/answers.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import { anOp, type Cookies, opStatuses, pushOps } from '../../testing/sync-ops.ts'
import { MEERA, readDatabase, type SendArgs, send, signedIn, type TestApp, twoUsers } from '../../testing/test-app.ts'

let t: TestApp

const ROUTE = 'cccccccccccccccccccccc01'
const UNKNOWN = 'abcdefabcdefabcdefabcdef'
const clientId = randomUUID()
const signedOut = { success: false, message: 'Please log in to continue', code: 'UNAUTHENTICATED' }
const duplicate = { success: false, message: 'Route already saved!', code: 'CONFLICT' }
const notYours = { success: false, message: 'This saved route belongs to another account', code: 'FORBIDDEN' }
const otherUser = { success: false, message: 'userId must be the signed-in user', code: 'FORBIDDEN' }
const detail = ROUTE_DETAIL

const call = (...request: SendArgs) => send(t.app, ...request)
const get = (url: string, cookies: Cookies = {}) => call('GET', url, cookies).then((r) => r.json())
const idOf = async (cookies: Cookies): Promise<string> => (await get('/api/profile', cookies)).data._id

/** The spec's payload for `userId`, from Koramangala to MG Road. */
const body = (userId: string, extra: Record<string, unknown> = {}) => ({
  userId,
  currentLocation: [12.9352, 77.6245],
  destinationLocation: [12.9756, 77.6069],
  currentLocationName: 'Koramangala',
  destinationLocationName: 'MG Road',
  ...extra,
})

const push = (ops: unknown[], cookies: Cookies = {}) => pushOps(t.app, ops, { cookies, clientId })

/** Rows in a table (read from the database file, as another connection sees it). */
const count = (table: string) => {
  return readDatabase(t.dbFile, (db) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get())
}
const routeChanges = () => {
  return readDatabase(t.dbFile, (db) => db.prepare("SELECT count(*) FROM changes WHERE entity = 'route'").pluck().get())
}

describe('POST /api/route/save', () => {
  it("saves her route (names trimmed) with the spec's message, and GET /api/route/all lists hers newest first", async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const ashaId = await idOf(asha)
    const res = await call(
      'POST',
      '/api/route/save',
      asha,
      body(ashaId, { currentLocationName: '  Koramangala ', destinationLocationName: ' MG Road  ' }),
    )
    expect(res.statusCode).toBe(201)
    const first = res.json().route
    expect(res.json()).toEqual({
      success: true,
      message: 'Route saved successfully!',
      route: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        currentLocationName: 'Koramangala',
        currentLocation: [12.9352, 77.6245],
        destinationLocationName: 'MG Road',
        destinationLocation: [12.9756, 77.6069],
        createdAt: expect.any(String),
      },
    })
    expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false)

    // The client's id and the chosen route are kept; another mode is another saved route.
    const second = await call('POST', '/api/route/save', asha, body(ashaId, { _id: ROUTE, route: detail }))
    expect(second.statusCode).toBe(201)
    expect(second.json().route).toMatchObject({ _id: ROUTE, route: detail })

    const list = await get('/api/route/all', asha)
    expect(list).toEqual({ success: true, routes: [second.json().route, first] })
    const meera = await signedIn(t.app, MEERA)
    expect(await get('/api/route/all', meera)).toEqual({ success: true, routes: [] })
  })

  it("answers 409 'Route already saved!' for the same places (to 4 decimals) and mode, and saves nothing", async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const ashaId = await idOf(asha)
    expect((await call('POST', '/api/route/save', asha, body(ashaId))).statusCode).toBe(201)
    const withMode = await call('POST', '/api/route/save', asha, body(ashaId, { _id: ROUTE, route: detail }))
    expect(withMode.statusCode).toBe(201)
    for (const again of [
      body(ashaId),
      // Within 4 decimals of the saved places, other names: the same route.
      body(ashaId, {
        currentLocation: [12.93521, 77.62449],
        destinationLocation: [12.97564, 77.60686],
        currentLocationName: 'Home',
      }),
      body(ashaId, { route: { ...detail, label: 'Fastest', geometry: '??' } }),
      // Her own id again.
      body(ashaId, { _id: ROUTE, currentLocation: [13, 77] }),
    ]) {
      const res = await call('POST', '/api/route/save', asha, again)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual(duplicate)
    }
    expect(count('saved_routes')).toBe(2)
    // Farther than 4 decimals, or by bike: a route of its own.
    expect(
      (await call('POST', '/api/route/save', asha, body(ashaId, { currentLocation: [12.9354, 77.6245] }))).statusCode,
    ).toBe(201)
    expect(
      (await call('POST', '/api/route/save', asha, body(ashaId, { route: { ...detail, mode: 'bike' } }))).statusCode,
    ).toBe(201)
    // Another user may save the same places.
    const meera = await signedIn(t.app, MEERA)
    expect((await call('POST', '/api/route/save', meera, body(await idOf(meera)))).statusCode).toBe(201)
    expect(count('saved_routes')).toBe(5)
  })

  it("refuses another user's userId or route id with 403, and writes nothing", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const ashaId = await idOf(asha)
    await call('POST', '/api/route/save', asha, body(ashaId, { _id: ROUTE }))
    const changesBefore = routeChanges()
    const foreign = await call('POST', '/api/route/save', meera, body(ashaId))
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual(otherUser)
    const taken = await call('POST', '/api/route/save', meera, body(await idOf(meera), { _id: ROUTE }))
    expect(taken.statusCode).toBe(403)
    expect(taken.json()).toEqual(notYours)
    expect(count('saved_routes')).toBe(1)
    expect(routeChanges()).toBe(changesBefore)
  })

  it.each([
    ['no currentLocation', { currentLocation: undefined }, 'currentLocation is required'],
    [
      'a latitude out of range',
      { currentLocation: [95, 77] },
      'currentLocation latitude must be a number from -90 to 90',
    ],
    [
      'a longitude that is text',
      { destinationLocation: [12.9, '77'] },
      'destinationLocation longitude must be a number from -180 to 180',
    ],
    ['a place of one number', { destinationLocation: [12.9] }, 'destinationLocation must be [latitude, longitude]'],
    ['a blank name', { currentLocationName: '   ' }, 'currentLocationName is required'],
    [
      'a long name',
      { destinationLocationName: 'x'.repeat(301) },
      'destinationLocationName must be at most 300 characters',
    ],
    ['no userId', { userId: undefined }, 'Id is required'],
    ['a bad _id', { _id: 'route-1' }, 'Id must be 24 hexadecimal characters'],
    ['an extra field', { mode: 'foot' }, 'Unknown field: mode'],
    ['a bad route mode', { route: { ...detail, mode: 'bus' } }, 'Mode must be car, bike or foot'],
    [
      'a route geometry that is no polyline',
      { route: { ...detail, geometry: 'a b' } },
      'geometry must be an encoded polyline',
    ],
  ])('refuses %s with 400', async (_case, extra, message) => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    expectInvalid(await call('POST', '/api/route/save', asha, body(await idOf(asha), extra)), message)
    expect(count('saved_routes')).toBe(0)
  })

  it(`keeps at most ${SAVED_ROUTES_MAX} saved routes per account (409)`, async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const ashaId = await idOf(asha)
    const many = Array.from({ length: SAVED_ROUTES_MAX }, (_, i) =>
      anOp('route.save', body(ashaId, { _id: i.toString(16).padStart(24, 'd'), currentLocation: [10 + i / 100, 77] })),
    )
    expect(opStatuses(await push(many, asha)).every((s) => s === 'applied')).toBe(true)
    const res = await call('POST', '/api/route/save', asha, body(ashaId, { currentLocation: [20, 77] }))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      success: false,
      message: `You can keep at most ${SAVED_ROUTES_MAX} saved routes. Delete one to save another.`,
      code: 'CONFLICT',
    })
    // A duplicate is still told as a duplicate.
    expect((await call('POST', '/api/route/save', asha, body(ashaId, { currentLocation: [10, 77] }))).json()).toEqual(
      duplicate,
    )
    expect(count('saved_routes')).toBe(SAVED_ROUTES_MAX)
  })
})

describe('DELETE /api/route/delete/:id', () => {
  it("deletes her route ('Route deleted'); another user's is 403, an unknown one 404, a bad id 400", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    await call('POST', '/api/route/save', asha, body(await idOf(asha), { _id: ROUTE }))

    const foreign = await call('DELETE', `/api/route/delete/${ROUTE}`, meera)
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual(notYours)
    expect(count('saved_routes')).toBe(1)

    const res = await call('DELETE', `/api/route/delete/${ROUTE}`, asha)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'Route deleted' })
    expect((await get('/api/route/all', asha)).routes).toEqual([])

    const gone = await call('DELETE', `/api/route/delete/${ROUTE}`, asha)
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual({ success: false, message: 'This saved route does not exist', code: 'NOT_FOUND' })
    expect((await call('DELETE', `/api/route/delete/${UNKNOWN}`, asha)).statusCode).toBe(404)
    const bad = await call('DELETE', '/api/route/delete/nope', asha)
    expectInvalid(bad, 'Id must be 24 hexadecimal characters')
  })

  it('answers 401 to a visitor on all three routes', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const ashaId = await idOf(asha)
    await call('POST', '/api/route/save', asha, body(ashaId, { _id: ROUTE }))
    for (const res of [
      await call('POST', '/api/route/save', {}, body(ashaId)),
      await call('POST', '/api/route/save', {}, {}),
      await call('GET', '/api/route/all'),
      await call('DELETE', `/api/route/delete/${ROUTE}`),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(signedOut)
    }
    expect(count('saved_routes')).toBe(1)
  })
})

describe('route ops on /api/sync/push', () => {
  it('saves and deletes through the same rules, a repeated opId is a duplicate and saves nothing twice', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const ashaId = await idOf(asha)
    const save = anOp('route.save', body(ashaId, { _id: ROUTE, route: detail, currentLocationName: ' Home ' }))
    expect(opStatuses(await push([save, save], asha))).toEqual(['applied', 'duplicate'])
    expect(opStatuses(await push([save], asha))).toEqual(['duplicate'])
    const routes = (await get('/api/route/all', asha)).routes
    expect(routes).toEqual([expect.objectContaining({ _id: ROUTE, currentLocationName: 'Home', route: detail })])
    expect(count('saved_routes')).toBe(1)

    // The same route again under a new op and id: the REST route's 409, as a rejected op.
    const again = await push([anOp('route.save', body(ashaId, { _id: UNKNOWN, route: detail }))], asha)
    expect(again).toEqual([
      expect.objectContaining({ status: 'rejected', code: 'CONFLICT', message: 'Route already saved!' }),
    ])

    const del = anOp('route.delete', { _id: ROUTE })
    expect(opStatuses(await push([del], asha))).toEqual(['applied'])
    expect(opStatuses(await push([del, anOp('route.delete', { _id: ROUTE })], asha))).toEqual([
      'duplicate',
      'NOT_FOUND',
    ])
    expect(count('saved_routes')).toBe(0)
  })

  it("rejects another user's userId and route with FORBIDDEN, bad payloads as REST does, and changes nothing", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const ashaId = await idOf(asha)
    await push([anOp('route.save', body(ashaId, { _id: ROUTE }))], asha)
    const changesBefore = routeChanges()
    const results = await push(
      [
        anOp('route.save', body(ashaId, { _id: UNKNOWN })),
        anOp('route.save', body(await idOf(meera), { _id: ROUTE })),
        anOp('route.delete', { _id: ROUTE }),
        anOp('route.save', body(ashaId)),
        anOp('route.save', body(ashaId, { _id: UNKNOWN, currentLocationName: '' })),
        anOp('route.delete', { _id: ROUTE, userId: ashaId }),
      ],
      meera,
    )
    expect(results.map(({ code, message }) => ({ code, message }))).toEqual([
      { code: 'FORBIDDEN', message: 'userId must be the signed-in user' },
      { code: 'FORBIDDEN', message: 'This saved route belongs to another account' },
      { code: 'FORBIDDEN', message: 'This saved route belongs to another account' },
      { code: 'VALIDATION_ERROR', message: 'Id is required' },
      { code: 'VALIDATION_ERROR', message: 'currentLocationName is required' },
      { code: 'VALIDATION_ERROR', message: 'Unknown field: userId' },
    ])
    expect(count('saved_routes')).toBe(1)
    expect(routeChanges()).toBe(changesBefore)
    expect((await get('/api/route/all', asha)).routes).toHaveLength(1)
  })

  it('needs a session: a batch with a route op from a visitor is refused whole (401)', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const res = await call(
      'POST',
      '/api/sync/push',
      {},
      {
        clientId,
        ops: [anOp('route.save', body(await idOf(asha), { _id: ROUTE }))],
      },
    )
    expect(res.statusCode).toBe(401)
    expect(count('saved_routes')).toBe(0)
  })
})

describe('pulling saved routes', () => {
  it("brings her routes (saved by op or REST) and their deletion to her other devices, never to another user's", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const ashaId = await idOf(asha)
    const start = (await get('/api/sync/pull?since=0', asha)).cursor
    await push([anOp('route.save', body(ashaId, { _id: ROUTE, route: detail }))], asha)
    const rest = (
      await call('POST', '/api/route/save', asha, body(ashaId, { route: { ...detail, mode: 'car' } }))
    ).json().route

    const first = await get(`/api/sync/pull?since=${start}`, asha)
    expect(first.changes).toEqual([
      {
        seq: expect.any(Number),
        entity: 'route',
        id: ROUTE,
        deleted: false,
        data: {
          _id: ROUTE,
          currentLocationName: 'Koramangala',
          currentLocation: [12.9352, 77.6245],
          destinationLocationName: 'MG Road',
          destinationLocation: [12.9756, 77.6069],
          route: detail,
          createdAt: expect.any(String),
        },
      },
      { seq: expect.any(Number), entity: 'route', id: rest._id, deleted: false, data: rest },
    ])
    expect(
      (await get('/api/sync/pull?since=0', meera)).changes.some((c: { entity: string }) => c.entity === 'route'),
    ).toBe(false)

    await call('DELETE', `/api/route/delete/${ROUTE}`, asha)
    const after = await get(`/api/sync/pull?since=${first.cursor}`, asha)
    expect(after.changes).toEqual([{ seq: expect.any(Number), entity: 'route', id: ROUTE, deleted: true }])
  })
})
