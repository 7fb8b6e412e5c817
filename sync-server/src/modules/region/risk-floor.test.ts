// biome-ignore-all lint/style/noNonNullAssertion: typed-array ids are in range by construction.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { seededRandom } from '@wings/geo/testing'
import { findRoutes, searchPath, snapPoint } from '@wings/routing'
import { fillRiskArray, TIMES_OF_DAY } from '@wings/safety'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import { LANDMARKS_FILE, regionDir } from './import.ts'
import { loadRegion, type Region, refreshRisk } from './region.ts'
import { riskFloors } from './risk-floor.ts'

const MONACO = fileURLToPath(new URL('../../../../../shared/data/monaco.osm.pbf', import.meta.url))

describe('landmarks on the safety model (monaco)', () => {
  let dataDir: string
  let region: Region
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'wings-landmarks-'))
    expect(runImportRegion([MONACO], { DATA_DIR: dataDir }, { out: () => {}, err: () => {} })).toBe(0)
    region = loadRegion(dataDir)!
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('never gives an edge a risk below its floor, whatever the reports and ratings', () => {
    const floors = riskFloors(region.features)
    const n = region.graph.edgeCount
    const rnd = seededRandom(3)
    for (let round = 0; round < 20; round++) {
      // Heavy-tailed densities (0 to hundreds of weighted reports per km) and ratings over the whole -1..1 range.
      const incidentDensity = Float32Array.from({ length: n }, () =>
        rnd() < 0.3 ? 0 : -Math.log(1 - rnd()) * 10 ** (3 * rnd()),
      )
      const ratingFeedback = Float32Array.from({ length: n }, () => (rnd() < 0.2 ? 1 : 2 * rnd() - 1))
      for (const period of TIMES_OF_DAY) {
        const risk = fillRiskArray({ ...region.features, incidentDensity, ratingFeedback }, period, new Float32Array(n))
        let below = 0
        for (let e = 0; e < n; e++) if (risk[e]! < floors[period][e]!) below++
        expect(below).toBe(0)
      }
    }
  })

  it('finds exactly the plain Dijkstra cost at night after fresh reports and ratings, on foot and by car', () => {
    const landmarks = region.landmarks!
    expect(landmarks.sets.map((s) => `${s.mode} ${s.lambda} ${s.riskKey}`)).toContain('car 8 night')
    const n = region.graph.edgeCount
    const rnd = seededRandom(8)
    for (let e = 0; e < n; e++) {
      if (rnd() < 0.1) region.signals.incidentDensity.night[e] = 20 * rnd()
      if (rnd() < 0.1) region.signals.ratingFeedback[e] = 2 * rnd() - 1
    }
    refreshRisk(region)
    const risk = region.risk.night
    const [minLon, minLat, maxLon, maxLat] = region.graph.meta.bbox
    for (const mode of ['foot', 'car'] as const) {
      let checked = 0
      while (checked < 40) {
        const point = (): [number, number] => [minLat + (maxLat - minLat) * rnd(), minLon + (maxLon - minLon) * rnd()]
        let s: ReturnType<typeof snapPoint>
        let t: ReturnType<typeof snapPoint>
        try {
          s = snapPoint(region.graph, point(), mode)
          t = snapPoint(region.graph, point(), mode)
        } catch {
          continue
        }
        for (const lambda of [0, 2, 8]) {
          const want = searchPath(region.graph, s, t, mode, { risk, lambda, noHeuristic: true })!.cost
          const got = searchPath(region.graph, s, t, mode, { risk, lambda, landmarks, riskKey: 'night' })!.cost
          expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-6 * Math.max(1, want))
        }
        checked++
      }
    }
  })

  it('routes a region imported before landmarks with the plane bound alone', () => {
    rmSync(join(regionDir(dataDir), LANDMARKS_FILE))
    const old = loadRegion(dataDir)!
    expect(old.landmarks).toBeUndefined()
    const { routes } = findRoutes(old.graph, [43.7384, 7.4246], [43.7311, 7.4197], 'foot', { risk: old.risk.night })
    expect(routes[0].distance).toBeGreaterThan(500)
  })
})
