import { EVIDENCE_CHUNK_MAX_BYTES } from '@wings/contract'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookiesFor, ENDPOINTS, type Endpoint, type Fixture, injectOptions, routeKey } from './testing/endpoints.ts'
import { createFixture, createRegionTestApp } from './testing/fixture.ts'
import { FUZZ_RUNS, judgesInput, malformedRequests, requestsWithUnknownFields } from './testing/fuzz.ts'
import {
  changedRows,
  createRowSnapshots,
  expectErrorBody,
  expectSafeAnswer,
  type RequestWatch,
  type RowSnapshots,
  watchRequests,
} from './testing/row-snapshots.ts'
import { anOp } from './testing/sync-ops.ts'
import type { TestApp } from './testing/test-app.ts'

/*
 * Bad input to every endpoint of the table (testing/endpoints.ts), generated with fast-check: never a 5xx, errors as
 * `{ success: false, message, code }`, and no changed row for what the server must refuse. A failure prints the
 * counterexample and its seed. FUZZ_RUNS sets the runs per property (default 25), e.g. for a long run:
 * FUZZ_RUNS=2000 npx vitest run sync-server/src/bad-input.test.ts
 */

let t: TestApp
let watch: RequestWatch
let snapshots: RowSnapshots
/** One fixture for the file: bad input must not change it. */
let f: Fixture

beforeAll(async () => {
  t = await createRegionTestApp((app) => {
    watch = watchRequests(app)
  })
  await t.app.ready()
  f = await createFixture(t.app)
  snapshots = createRowSnapshots(t.dbFile)
})
afterAll(async () => {
  snapshots.close()
  await t.close()
})

/** The first row of each route (a route with two ways in is fuzzed once), sent as the owner. */
const routes = ENDPOINTS.filter((e, i) => ENDPOINTS.findIndex((o) => routeKey(o) === routeKey(e)) === i)
const named = (endpoints: readonly Endpoint[]) => endpoints.map((e): [string, Endpoint] => [routeKey(e), e])
const TIMEOUT = { timeout: 60_000 }

describe('bad input to every endpoint', () => {
  it.each(named(routes))('%s: never a 5xx, errors as JSON, and no changed row', TIMEOUT, async (route, endpoint) => {
    const valid = endpoint.request(f, 'owner')
    const schema = watch.schemaOf(route)
    const cookies = cookiesFor(f, endpoint.access, 'owner')
    let refused = 0
    await fc.assert(
      fc.asyncProperty(malformedRequests(endpoint, valid, schema, cookies), async (request) => {
        if ((await expectSafeAnswer(watch, snapshots, route, request)).invalid) refused += 1
      }),
      { numRuns: FUZZ_RUNS },
    )
    // The generators aim at invalid input: mostly refused, or "no changed row" would be a hollow check.
    if (judgesInput(endpoint, schema)) expect(refused).toBeGreaterThanOrEqual(FUZZ_RUNS * 0.6)

    // Unknown fields beside valid ones: whether refused or ignored, never a 5xx (and no change when refused).
    const unknownFields = requestsWithUnknownFields(endpoint, valid, cookies)
    if (unknownFields) {
      await fc.assert(
        fc.asyncProperty(unknownFields, async (request) => {
          await expectSafeAnswer(watch, snapshots, route, request)
        }),
        { numRuns: Math.ceil(FUZZ_RUNS / 2) },
      )
    }
  })
})

/** A JSON object of exactly `bytes` bytes. */
const bodyOf = (bytes: number) => `{"pad":"${'x'.repeat(bytes - 10)}"}`

/** Sends `request` as the owner, expecting `status`, an error as JSON and no changed row. */
async function expectRefused(request: InjectOptions, status: number) {
  const before = snapshots.take()
  const res = await t.app.inject(request)
  expect(res.statusCode, res.body).toBe(status)
  expectErrorBody(res)
  expect(changedRows(before, snapshots.take())).toEqual([])
}

describe('bodies over the limit', () => {
  const push = (e: Endpoint) => routeKey(e) === 'POST /api/sync/push'
  // An evidence chunk is raw bytes with a limit of its own (tested below).
  const chunk = (e: Endpoint) => routeKey(e) === 'PUT /api/evidence/:id/chunks/:seq'
  const withBody = routes.filter((e) => e.method !== 'GET' && !push(e) && !chunk(e))

  it.each(named(withBody))('%s answers 413 to a body over config.bodyLimit', async (_, endpoint) => {
    expect(bodyOf(t.config.bodyLimit + 1)).toHaveLength(t.config.bodyLimit + 1)
    const valid = injectOptions(endpoint, f, 'owner')
    const headers = { 'content-type': 'application/json' }
    await expectRefused({ ...valid, headers, payload: bodyOf(t.config.bodyLimit + 1) }, 413)
  })

  it('PUT /api/evidence/:id/chunks/:seq answers 415 to JSON and 413 to a chunk over EVIDENCE_CHUNK_MAX_BYTES', async () => {
    const endpoint = routes.find(chunk)
    if (!endpoint) throw new Error('no evidence chunk row')
    const valid = injectOptions(endpoint, f, 'owner')
    const json = { 'content-type': 'application/json' }
    await expectRefused({ ...valid, headers: json, payload: bodyOf(t.config.bodyLimit + 1) }, 415)
    const bytes = { 'content-type': 'application/octet-stream' }
    await expectRefused({ ...valid, headers: bytes, payload: Buffer.alloc(EVIDENCE_CHUNK_MAX_BYTES + 1, 1) }, 413)
  })

  it('POST /api/sync/push answers 413 over config.pushBodyLimit only', async () => {
    const headers = { 'content-type': 'application/json' }
    const url = '/api/sync/push'
    const cookies = f.owner.cookies
    await expectRefused({ method: 'POST', url, cookies, headers, payload: bodyOf(t.config.pushBodyLimit + 1) }, 413)

    // Over the general limit but within its own: read, and its op refused for the reason too long.
    const reason = 'x'.repeat(t.config.bodyLimit)
    const ops = [anOp('story.report', { _id: f.storyId, reason })]
    const before = snapshots.take()
    const res = await t.app.inject({ method: 'POST', url, cookies, payload: { clientId: crypto.randomUUID(), ops } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().results).toEqual([expect.objectContaining({ status: 'rejected', code: 'VALIDATION_ERROR' })])
    expect(changedRows(before, snapshots.take())).toEqual([])
  })
})

describe('the row snapshot', () => {
  it('sees a write, so "no changed row" above is not a hollow check', async () => {
    const savedraft = ENDPOINTS.find((e) => routeKey(e) === 'POST /api/user/stories/savedraft')
    if (!savedraft) throw new Error('no savedraft row')
    const before = snapshots.take()
    expect((await t.app.inject(injectOptions(savedraft, f, 'owner'))).statusCode).toBe(201)
    expect(changedRows(before, snapshots.take())).toEqual(expect.arrayContaining([expect.stringMatching(/^drafts \+/)]))
  })
})

describe('paths the router refuses', () => {
  // Fastify's router answers these before any hook runs; plugins/errors.ts answerFrameworkErrorsAsJson shapes them.
  it.each([
    ['a broken %-escape', 'GET', '/api/stories/%E0%A4%A'],
    ['a lone surrogate', 'GET', '/api/stories/%ED%A0%80'],
    ['a param over 100 characters', 'DELETE', `/api/stories/${'a'.repeat(101)}`],
  ] as const)('answers %s as the API error JSON', async (_, method, url) => {
    const res = await t.app.inject({ method, url, cookies: f.owner.cookies })
    expect(res.statusCode).toBeLessThan(500)
    expectErrorBody(res)
    expect(res.body).not.toContain('/api/stories')
    // No hook runs for these: the headers are set with the answer.
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
  })
})
