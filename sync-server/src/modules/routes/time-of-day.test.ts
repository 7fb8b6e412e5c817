import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ErrorBody, RouteFindResponse } from '@wings/contract'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'

const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url))
const silent = { out: () => {}, err: () => {} }

// The default region (south Mumbai): Grant Road station to Byculla station, the planner's browser-test trip.
const GRANT_ROAD: [number, number] = [18.96335, 72.81583]
const BYCULLA: [number, number] = [18.97672, 72.83276]
// 12:30 and 22:30 in Kolkata (UTC+05:30).
const NOON = '2025-03-01T07:00:00Z'
const LATE = '2025-03-01T17:00:00Z'

describe('the same trip at 12:30 and at 22:30 (south Mumbai, where lit=* is rare)', () => {
  let t: TestApp
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'wings-time-'))
    expect(runImportRegion([join(DATA, 'india-mumbai-south.osm.pbf')], { DATA_DIR: dataDir }, silent)).toBe(0)
    t = createTestApp({ dataDir })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const find = (payload: object) => t.app.inject({ method: 'POST', url: '/api/route/find', payload })

  it('differs in at least one score or reason, and says what changes after dark', async () => {
    const answers = []
    for (const at of [NOON, LATE]) {
      const res = await find({ source: GRANT_ROAD, destination: BYCULLA, mode: 'foot', at })
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json()
      expect(Value.Check(RouteFindResponse, body)).toBe(true)
      answers.push(body as RouteFindResponse)
    }
    const [noon, late] = answers as [RouteFindResponse, RouteFindResponse]
    const fastest = (a: RouteFindResponse) => a.routes[0]
    expect(fastest(late)?.safetyScore).toBeLessThan(fastest(noon)?.safetyScore as number)
  })

  it('refuses a time in the wrong format with a 400 the contract describes', async () => {
    for (const at of ['22:30', 'tonight', '2025-13-01T22:30:00Z']) {
      const res = await find({ source: GRANT_ROAD, destination: BYCULLA, mode: 'foot', at })
      expect(res.statusCode, at).toBe(400)
      const body = res.json()
      expect(Value.Check(ErrorBody, body)).toBe(true)
      expect(body).toMatchObject({ success: false, message: 'at must be an ISO date-time' })
    }
  })
})
