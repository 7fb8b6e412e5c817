import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type AreaBundleRow, db } from '../../db/db.ts'
import { foundRoute } from '../../test/fixtures.ts'
import { PhoneRouteError, replaceWorker } from './client.ts'
import { bundleFor, planOnPhone } from './onPhone.ts'
import type { WorkerAnswer, WorkerRequest } from './protocol.ts'

const NOW = '2026-11-20T00:00:00.000Z'
const row = (id: string, box: AreaBundleRow['box'], over: Partial<AreaBundleRow> = {}): AreaBundleRow => ({
  id,
  kind: 'auto',
  areaId: '',
  box,
  size: 10,
  version: `v-${id}`,
  importedAt: NOW,
  dataDate: '2026-11-19T00:00:00Z',
  signalsVersion: 's',
  checkedAt: 1,
  lastUsed: 1,
  ...over,
})
const GRANT_ROAD: [number, number] = [18.9633, 72.8148]
const BYCULLA: [number, number] = [18.9767, 72.8333]
const CHURCHGATE: [number, number] = [18.9322, 72.8264]
const CENTRAL = row('central', [72.8, 18.95, 72.84, 18.99])

describe('planning on the phone', () => {
  it('takes the kept bundle holding both ends, the freshest first', () => {
    const fresher = row('fresher', [72.805, 18.955, 72.84, 18.98], { checkedAt: 5 })
    expect(bundleFor([CENTRAL, fresher], GRANT_ROAD, BYCULLA, NOW).id).toBe('fresher')
    expect(bundleFor([CENTRAL, fresher], BYCULLA, GRANT_ROAD, NOW).id).toBe('fresher')
  })

  it('says which end is outside the kept data', () => {
    const problem = (from: [number, number], to: [number, number], rows = [CENTRAL]) => {
      try {
        bundleFor(rows, from, to, NOW)
      } catch (error) {
        return (error as PhoneRouteError).problem
      }
      return null
    }
    expect(problem(GRANT_ROAD, CHURCHGATE)).toEqual({ code: 'outside', end: 'destination' })
    expect(problem(CHURCHGATE, GRANT_ROAD)).toEqual({ code: 'outside', end: 'source' })
    expect(problem(CHURCHGATE, [18.93, 72.82])).toEqual({ code: 'outside', end: 'both' })
    // Both ends kept, but in two bundles that do not share them: the destination is outside the start's.
    const south = row('south', [72.8, 18.92, 72.84, 18.94])
    expect(problem(GRANT_ROAD, CHURCHGATE, [CENTRAL, south])).toEqual({ code: 'outside', end: 'both' })
    // Of an older import only: out of date, never used.
    expect(problem(GRANT_ROAD, BYCULLA, [row('old', CENTRAL.box, { importedAt: '2026-01-01T00:00:00Z' })])).toEqual({
      code: 'stale',
    })
    expect(problem(GRANT_ROAD, BYCULLA, [])).toEqual({ code: 'none' })
  })

  describe('in the worker', () => {
    const seen: WorkerRequest[] = []
    let reply: (request: WorkerRequest) => WorkerAnswer
    beforeEach(async () => {
      seen.length = 0
      await db.areaBundles.clear()
      await db.areaBundleData.clear()
      await db.areaBundles.put(CENTRAL)
      await db.areaBundleData.put({ id: 'central', bytes: new Uint8Array([1, 2, 3]).buffer })
      replaceWorker((request, answer) => {
        seen.push(request)
        queueMicrotask(() => answer(reply(request)))
      })
    })
    afterEach(() => replaceWorker(null))

    it('sends the bytes only when the worker does not hold the bundle decoded; marks it used', async () => {
      const routes = [foundRoute()]
      reply = (r) =>
        r.type === 'plan' && !r.bytes ? { id: r.id, ok: false, missing: true } : { id: r.id, ok: true, routes }
      const body = { source: GRANT_ROAD, destination: BYCULLA, mode: 'foot' as const }
      expect(await planOnPhone(body, NOW)).toEqual({ routes, dataDate: '2026-11-19T00:00:00Z' })
      expect(seen.map((r) => r.type === 'plan' && [r.version, r.bytes?.byteLength])).toEqual([
        ['v-central', undefined],
        ['v-central', 3],
      ])
      await expect.poll(async () => (await db.areaBundles.get('central'))?.lastUsed).toBeGreaterThan(1)
    })

    it("a bundle the worker finds damaged is dropped; the planner's refusal is passed on", async () => {
      const body = { source: GRANT_ROAD, destination: BYCULLA, mode: 'foot' as const }
      reply = (r) => ({ id: r.id, ok: false, problem: { code: 'refused', errorCode: 'TRIP_TOO_LONG', message: 'far' } })
      await expect(planOnPhone(body, NOW)).rejects.toMatchObject({ problem: { code: 'refused', message: 'far' } })
      reply = (r) => ({ id: r.id, ok: false, problem: { code: 'corrupt' } })
      await expect(planOnPhone(body, NOW)).rejects.toBeInstanceOf(PhoneRouteError)
      expect(await db.areaBundles.count()).toBe(0)
      expect(await db.areaBundleData.count()).toBe(0)
    })
  })
})
