// biome-ignore-all lint/style/noNonNullAssertion: the region has landmarks, and the sets are allocated (checked where it matters).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { seededRandom } from '@wings/geo/testing'
import { findRoutes, type Mode } from '@wings/routing'
import { TIMES_OF_DAY, type TimeOfDay } from '@wings/safety'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import { createRouteService } from '../routes/service.ts'
import {
  allocateRatedLandmarks,
  belowFloor,
  installRated,
  invalidateRated,
  ratedLandmarksView,
  ratedValid,
  type SharedRatedLandmarks,
  waitForNoReaders,
  withLandmarks,
} from './rated-landmarks.ts'
import { buildRated } from './rated-landmarks-build.ts'
import { loadRegion, type Region } from './region.ts'
import { createRegionService } from './service.ts'
import { createRegionSignals } from './signals.ts'

const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url))
const silent = { out: () => {}, err: () => {} }
const CASINO: [number, number] = [43.7396, 7.4276]
const PALACE: [number, number] = [43.7315, 7.4203]
const NIGHT = new Date('2024-03-01T23:30:00Z')
const MODES: Mode[] = ['foot', 'car']

let dataDir: string
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wings-rated-'))
  expect(runImportRegion([join(DATA, 'monaco.osm.pbf')], { DATA_DIR: dataDir }, silent)).toBe(0)
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const load = () => loadRegion(dataDir) as Region
const allEdges = (region: Region) => Array.from({ length: region.graph.edgeCount }, (_, e) => e)

/** Trips between random points of the region's box (points far from a road are drawn again). */
function trips(region: Region, n: number, seed: number): [[number, number], [number, number]][] {
  const [minLon, minLat, maxLon, maxLat] = region.graph.meta.bbox
  const r = seededRandom(seed)
  const point = (): [number, number] => [minLat + (maxLat - minLat) * r(), minLon + (maxLon - minLon) * r()]
  return Array.from({ length: n }, () => [point(), point()])
}

/** The routes' lines and costs, or the error's name. */
function answer(region: Region, landmarks: Region['landmarks'], a: [number, number], b: [number, number], mode: Mode) {
  try {
    const { routes } = findRoutes(region.graph, a, b, mode, { risk: region.risk.night, landmarks, riskKey: 'night' })
    return routes.map((x) => [x.geometry, x.duration, x.meanRisk])
  } catch (error) {
    return (error as Error).name
  }
}

describe('landmarks on the current ratings, in process', () => {
  let region: Region
  let rated: SharedRatedLandmarks
  const build = (periods: TimeOfDay[] = [...TIMES_OF_DAY]) => {
    buildRated(region.graph, region.features, { ratings: region.signals.ratingFeedback, periods }, rated)
    return periods.map((p) => installRated(rated, p, region.risk[p]))
  }
  beforeAll(() => {
    region = load()
    rated = allocateRatedLandmarks(region.landmarks!) as SharedRatedLandmarks
    region.rated = rated
    expect(build()).toEqual([true, true, true])
  })

  it('are tighter than the import sets and give the same routes', () => {
    const base = region.landmarks!
    for (const set of rated.sets) {
      const imported = base.sets.find(
        (s) => s.mode === set.mode && s.lambda === set.lambda && s.riskKey === set.riskKey,
      )!
      expect([...set.nodes]).toEqual([...imported.nodes])
      let shorter = 0
      let longer = 0
      for (let i = 0; i < set.from.length; i++) {
        if ((set.from[i] as number) < (imported.from[i] as number)) shorter++
        if ((set.from[i] as number) > (imported.from[i] as number) * 1.05) longer++
      }
      expect(shorter).toBe(0)
      expect(longer).toBeGreaterThan(set.from.length / 4)
    }
    const view = ratedLandmarksView(rated, base)
    for (const mode of MODES) {
      for (const [a, b] of trips(region, 25, mode === 'foot' ? 3 : 4)) {
        const used = withLandmarks(rated, base, view, 'night', (lm) => [lm, answer(region, lm, a, b, mode)] as const)
        expect(used[0]).toBe(view)
        expect(used[1]).toEqual(answer(region, base, a, b, mode))
      }
    }
  }, 30_000)

  it('are invalidated before a rating lowers a risk below their floor, not by reports', () => {
    const signals = createRegionSignals(region)
    const valid = () => TIMES_OF_DAY.map((p) => ratedValid(rated, p))
    signals.addIncident({ category: 'assault', lat: CASINO[0], lon: CASINO[1], occurredAtMs: Date.now() })
    signals.setIncidents([{ category: 'theft', lat: PALACE[0], lon: PALACE[1], occurredAtMs: Date.now() }])
    expect(valid()).toEqual([true, true, true])
    signals.addRating(allEdges(region).slice(0, 50), 5)
    expect(valid()).toEqual([false, false, false])
    // Invalid: the searches take the import's sets, exact on the new risks.
    const view = ratedLandmarksView(rated, region.landmarks!)
    expect(withLandmarks(rated, region.landmarks, view, 'night', (lm) => lm)).toBe(region.landmarks)
    // A build on the new ratings holds again, period by period; a risk below its floor is refused at install.
    expect(build(['night'])).toEqual([true])
    expect(valid()).toEqual([false, false, true])
    expect(withLandmarks(rated, region.landmarks, view, 'night', (lm) => lm)).toBe(view)
    expect(withLandmarks(rated, region.landmarks, view, 'day', (lm) => lm)).toBe(region.landmarks)
    signals.setRatings([])
    expect(valid()).toEqual([false, false, true])
    expect(build(['day', 'evening'])).toEqual([true, true])
    invalidateRated(rated, 'day')
    rated.floors.day[7] = (region.risk.day[7] as number) + 0.01
    expect(belowFloor(rated, 'day', region.risk.day)).toBe(true)
    expect(belowFloor(rated, 'day', [region.risk.day[8] as number], [8])).toBe(false)
    expect(installRated(rated, 'day', region.risk.day)).toBe(false)
    expect(valid()).toEqual([false, true, true])
  })

  it('count the searches using them, so that a build never writes under one', () => {
    const base = region.landmarks!
    const view = ratedLandmarksView(rated, base)
    invalidateRated(rated, 'night')
    expect(build(['night'])).toEqual([true])
    expect(() => build(['night'])).toThrow(/night landmarks are in use/)
    const readers = () => TIMES_OF_DAY.map((p) => rated.state[2 * TIMES_OF_DAY.indexOf(p) + 1])
    expect(() =>
      withLandmarks(rated, base, view, 'night', () => {
        expect(readers()).toEqual([0, 0, 1])
        throw new Error('search failed')
      }),
    ).toThrow('search failed')
    expect(readers()).toEqual([0, 0, 0])
    invalidateRated(rated, 'night')
    waitForNoReaders(rated, 'night')
    expect(withLandmarks(rated, base, view, 'night', (lm) => lm)).toBe(base)
    expect(withLandmarks(undefined, base, view, 'night', (lm) => lm)).toBe(base)
  })
})

describe('landmarks on the current ratings, on the route workers', () => {
  const setup = (ratedLandmarks: boolean) => {
    const region = load()
    const regions = createRegionService(region, '', { size: 1, ratedLandmarks, ratedBuildGapMs: 0 })
    const signals = createRegionSignals(region)
    const routes = createRouteService(regions, () => NIGHT, signals)
    return { region, regions, signals, routes }
  }
  let withRated: ReturnType<typeof setup>
  let without: ReturnType<typeof setup>
  beforeAll(() => {
    withRated = setup(true)
    without = setup(false)
  })
  afterAll(async () => {
    await withRated.regions.close()
    await without.regions.close()
  })
  const installed = async () => {
    for (let i = 0; i < 600 && !ratedValid(withRated.region.rated!, 'night'); i++) {
      await new Promise((r) => setTimeout(r, 50))
    }
    return ratedValid(withRated.region.rated!, 'night')
  }
  const both = (mode: Mode) =>
    Promise.all([withRated, without].map((s) => s.routes.find({ source: CASINO, destination: PALACE, mode })))

  it('answer as the import sets do, and a new rating changes the next answer exactly as without them', async () => {
    expect(without.region.rated).toBeUndefined()
    for (const s of [withRated, without]) s.signals.setRatings([])
    // Built when a search of the period asks (or at start, for the period of that moment): until then the answers
    // come from the import's sets.
    const first = await both('foot')
    expect(first[0]).toEqual(first[1])
    expect(await installed()).toBe(true)
    const before = await both('foot')
    expect(before[0]).toEqual(before[1])
    expect((await both('car'))[0]).toEqual((await both('car'))[1])
    // A five-star rating on every street: risks fall below the floor, the sets are invalid before the next search.
    for (const s of [withRated, without]) s.signals.addRating(allEdges(s.region), 5)
    expect(ratedValid(withRated.region.rated!, 'night')).toBe(false)
    const after = await both('foot')
    expect(after[0]).toEqual(after[1])
    expect(after[0]?.routes[0]?.safetyScore).not.toBe(before[0]?.routes[0]?.safetyScore)
    // Rebuilt on the new ratings in the background, and used again.
    expect(await installed()).toBe(true)
    expect(await both('foot')).toEqual([after[1], after[1]])
  }, 60_000)
})
