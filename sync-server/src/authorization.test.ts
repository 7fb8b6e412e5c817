import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Access,
  CALLERS,
  type Caller,
  ENDPOINTS,
  type Endpoint,
  injectOptions,
  routeKey,
} from './testing/endpoints.ts'
import { createFixture, createRegionTestApp } from './testing/fixture.ts'
import { changedRows, createRowSnapshots, expectErrorBody, type RowSnapshots } from './testing/row-snapshots.ts'
import type { TestApp } from './testing/test-app.ts'

/** `METHOD url` of every /api route the app registers (HEAD, which Fastify adds for each GET, left out). */
const registered = new Set<string>()
let t: TestApp
let snapshots: RowSnapshots

beforeAll(async () => {
  t = await createRegionTestApp((app) => {
    app.addHook('onRoute', ({ method, url }) => {
      for (const m of [method].flat()) if (m !== 'HEAD' && url.startsWith('/api/')) registered.add(`${m} ${url}`)
    })
  })
  await t.app.ready()
  snapshots = createRowSnapshots(t.dbFile)
})
afterAll(async () => {
  snapshots.close()
  await t.close()
})

/** What `access` means for each caller, when the owner gets `ok`. */
function statusesFor(access: Access, ok: number): Record<Caller, number> {
  switch (access) {
    case 'public':
      return { signedOut: ok, owner: ok, other: ok }
    case 'signed-in':
      return { signedOut: 401, owner: ok, other: ok }
    case 'owner-only':
      return { signedOut: 401, owner: ok, other: 403 }
    case 'owner-hidden':
      return { signedOut: 401, owner: ok, other: 404 }
    case 'share-key':
    case 'guest-cookie':
      return { signedOut: 403, owner: ok, other: 403 }
  }
}

const label = (e: Endpoint) => `${routeKey(e)}${e.variant ? ` (${e.variant})` : ''} [${e.access}]`
const cells = ENDPOINTS.flatMap((endpoint) =>
  CALLERS.map((as): [string, Endpoint, Caller] => [`${label(endpoint)} as ${as}`, endpoint, as]),
)

describe('the endpoint table', () => {
  it('has a row for every /api route, and none for a route that does not exist', () => {
    const table = new Set(ENDPOINTS.map(routeKey))
    expect([...table].sort()).toEqual([...registered].sort())
  })

  // A row's statuses must follow its declared access: a new owner-only row cannot record another user's 200.
  it("expects what each row's access says", () => {
    for (const e of ENDPOINTS) expect(e.expect, label(e)).toEqual(statusesFor(e.access, e.expect.owner))
  })

  it('names the way in of an endpoint that has several rows', () => {
    const rows = ENDPOINTS.map((e) => `${routeKey(e)} ${e.variant ?? ''}`)
    expect(new Set(rows).size).toBe(rows.length)
  })
})

describe('the authorization matrix', () => {
  // Each cell on a fixture of its own: the owner's delete in one cell must not be another cell's 404.
  it.each(cells)('%s', async (_, endpoint, as) => {
    const f = await createFixture(t.app)
    const refused = endpoint.expect[as] >= 400
    // A snapshot reads every table (tens of ms), so only where a refusal must leave no trace.
    const before = refused ? snapshots.take() : null
    const res = await t.app.inject(injectOptions(endpoint, f, as))
    expect(res.statusCode, res.body).toBe(endpoint.expect[as])
    if (before) {
      expectErrorBody(res)
      // e.g. another user's delete deletes nothing.
      expect(changedRows(before, snapshots.take())).toEqual([])
    }
  })
})
