import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ErrorBody, insideOutline, RegionInfo, type RegionOutline } from '@wings/contract'
import { isValid } from '@wings/contract/validate'
import { buildRoadGraph, readOsmPbf } from '@wings/routing'
import { frame } from '@wings/routing/testing/pbf-writer'
import { PbfWriter } from 'pbf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import { newestObjectTime } from './data-date.ts'
import { regionDir } from './import.ts'
import { META_FILE, regionDataDate, regionMeta } from './metadata.ts'
import { coverageOutline, graphOutline } from './outline.ts'

const DATA = '/work/shared/data'
const silent = { out: () => {}, err: () => {} }
// Places of Mumbai: two inside the default region, three outside it.
const GRANT_ROAD = [18.9633, 72.8158] as const
const BYCULLA = [18.9766, 72.8328] as const
const CHURCHGATE = [18.9322, 72.8264] as const
const BANDRA = [19.0596, 72.8295] as const
const ARABIAN_SEA = [18.96, 72.79] as const

/** Points (degrees) as the graph keeps them (1e-7 degrees). */
function columns(points: [number, number][]) {
  return {
    lat: Int32Array.from(points, ([lat]) => Math.round(lat * 1e7)),
    lon: Int32Array.from(points, ([, lon]) => Math.round(lon * 1e7)),
  }
}

/** A grid of points every `step` degrees over [lat0, lat1] x [lon0, lon1], except where `skip` says. */
function grid(
  lat0: number,
  lat1: number,
  lon0: number,
  lon1: number,
  step: number,
  skip = (_lat: number, _lon: number) => false,
) {
  const points: [number, number][] = []
  for (let lat = lat0; lat <= lat1 + 1e-9; lat += step)
    for (let lon = lon0; lon <= lon1 + 1e-9; lon += step) if (!skip(lat, lon)) points.push([lat, lon])
  return points
}

const boxOf = (points: [number, number][]): [number, number, number, number] => [
  Math.min(...points.map((p) => p[1])),
  Math.min(...points.map((p) => p[0])),
  Math.max(...points.map((p) => p[1])),
  Math.max(...points.map((p) => p[0])),
]
const inside = (outline: RegionOutline, [lat, lon]: readonly [number, number]) => insideOutline(outline, lat, lon)

describe('the outline of a set of road points', () => {
  it('follows an L-shaped city instead of its box, and stays inside the box', () => {
    // Roads every ~110 m over 4 x 4 km, except the north-east quarter (2 x 2 km, e.g. a bay).
    const points = grid(19, 19.036, 72.8, 72.838, 0.001, (lat, lon) => lat > 19.018 && lon > 72.819)
    const bbox = boxOf(points)
    const outline = coverageOutline([columns(points)], bbox)
    expect(outline.coordinates).toHaveLength(1)
    const ring = outline.coordinates[0]?.[0] ?? []
    expect(ring[0]).toEqual(ring.at(-1))
    for (const [lon, lat] of ring) {
      expect(lon).toBeGreaterThanOrEqual(bbox[0])
      expect(lat).toBeLessThanOrEqual(bbox[3])
    }
    expect(inside(outline, [19.005, 72.805])).toBe(true)
    expect(inside(outline, [19.03, 72.805])).toBe(true)
    expect(inside(outline, [19.005, 72.833])).toBe(true)
    // The empty quarter is outside: a convex hull or the box would claim it.
    expect(inside(outline, [19.03, 72.833])).toBe(false)
    expect(inside(outline, [18.99, 72.81])).toBe(false)
  })

  it('fills holes (a park inside the city is covered) and gaps of a street or two', () => {
    const park = (lat: number, lon: number) => Math.abs(lat - 19.018) < 0.004 && Math.abs(lon - 72.819) < 0.004
    const points = grid(19, 19.036, 72.8, 72.838, 0.001, park)
    const outline = coverageOutline([columns(points)], boxOf(points))
    expect(outline.coordinates).toHaveLength(1)
    expect(outline.coordinates[0]).toHaveLength(1)
    expect(inside(outline, [19.018, 72.819])).toBe(true)
  })

  it('draws one polygon per separate area, largest first, and leaves out specks', () => {
    const south = grid(18.95, 18.98, 72.8, 72.84, 0.001)
    const north = grid(19.05, 19.07, 72.82, 72.84, 0.001)
    const speck: [number, number][] = [[19.2, 72.9]]
    const all = [...south, ...north, ...speck]
    const outline = coverageOutline([columns(all)], boxOf(all))
    expect(outline.coordinates).toHaveLength(2)
    expect(inside(outline, [18.965, 72.82])).toBe(true)
    expect(inside(outline, [19.06, 72.83])).toBe(true)
    expect(inside(outline, [19.01, 72.83])).toBe(false)
    expect(inside(outline, [19.2, 72.9])).toBe(false)
  })

  it('is empty without points', () => {
    expect(coverageOutline([columns([])], [0, 0, 0, 0])).toEqual({ type: 'MultiPolygon', coordinates: [] })
  })

  it('outlines Mumbai south in a few points: Grant Road and Byculla inside; Churchgate, Bandra and the sea outside', () => {
    const graph = buildRoadGraph([readOsmPbf(`${DATA}/india-mumbai-south.osm.pbf`)])
    const outline = graphOutline(graph)
    expect(outline.coordinates).toHaveLength(1)
    expect(JSON.stringify(outline).length).toBeLessThan(2000)
    for (const place of [GRANT_ROAD, BYCULLA]) expect(inside(outline, place)).toBe(true)
    for (const place of [CHURCHGATE, BANDRA, ARABIAN_SEA]) expect(inside(outline, place)).toBe(false)
    // Nearly every junction of the road graph lies inside it.
    let n = 0
    for (let i = 0; i < graph.nodeCount; i++)
      if (insideOutline(outline, (graph.nodeLat[i] as number) / 1e7, (graph.nodeLon[i] as number) / 1e7)) n++
    expect(n / graph.nodeCount).toBeGreaterThan(0.99)
  })

  it('keeps a large region small: heidelberg and its villages in at most 400 points', () => {
    const outline = graphOutline(buildRoadGraph([readOsmPbf(`${DATA}/heidelberg.osm.pbf`)]))
    const points = outline.coordinates.reduce((sum, [ring]) => sum + (ring?.length ?? 0), 0)
    expect(outline.coordinates.length).toBeGreaterThan(1)
    expect(points).toBeLessThanOrEqual(400)
    // Heidelberg's old town, inside; Paris, not.
    expect(insideOutline(outline, 49.4106, 8.7066)).toBe(true)
    expect(insideOutline(outline, 48.8566, 2.3522)).toBe(false)
  }, 20_000)
})

/**
 * A PBF with no replication timestamp in its header whose objects carry timestamps: dense nodes (DenseInfo, delta
 * coded) and one way (Info), with the given date granularity (ms).
 */
function datedPbf(nodeSeconds: number[], waySeconds: number, granularity = 1000): Uint8Array {
  const head = new PbfWriter()
  head.writeStringField(4, 'OsmSchema-V0.6')
  head.writeStringField(4, 'DenseNodes')
  const units = (s: number) => Math.round((s * 1000) / granularity)
  const dense = new PbfWriter()
  // Ids 1, 2, 3... (delta coded).
  dense.writePackedSVarint(
    1,
    nodeSeconds.map(() => 1),
  )
  const info = new PbfWriter()
  info.writePackedVarint(
    1,
    nodeSeconds.map(() => 1),
  )
  info.writePackedSVarint(
    2,
    nodeSeconds.map((s, i) => units(s) - (i === 0 ? 0 : units(nodeSeconds[i - 1] as number))),
  )
  dense.writeBytesField(5, info.finish())
  dense.writePackedSVarint(
    8,
    nodeSeconds.map(() => 10),
  )
  dense.writePackedSVarint(
    9,
    nodeSeconds.map(() => 10),
  )
  const wayInfo = new PbfWriter()
  wayInfo.writeVarintField(1, 1)
  wayInfo.writeVarintField(2, units(waySeconds))
  const way = new PbfWriter()
  way.writeVarintField(1, 1)
  way.writeBytesField(4, wayInfo.finish())
  way.writePackedSVarint(8, [1, 1])
  const group = new PbfWriter()
  group.writeBytesField(2, dense.finish())
  group.writeBytesField(3, way.finish())
  const block = new PbfWriter()
  block.writeBytesField(1, new PbfWriter().finish())
  block.writeBytesField(2, group.finish())
  if (granularity !== 1000) block.writeVarintField(18, granularity)
  return Buffer.concat([frame('OSMHeader', head.finish()), frame('OSMData', block.finish())])
}

describe('the date of the OpenStreetMap data', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wings-data-date-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("is the newest object's timestamp when the header has none (nodes and ways, any granularity)", () => {
    const nodesNewest = join(dir, 'nodes.osm.pbf')
    writeFileSync(nodesNewest, datedPbf([1_600_000_000, 1_700_000_000, 1_650_000_000], 1_500_000_000))
    expect(newestObjectTime(nodesNewest)).toBe(new Date(1_700_000_000_000).toISOString())
    const wayNewest = join(dir, 'way.osm.pbf')
    writeFileSync(wayNewest, datedPbf([1_600_000_000], 1_710_000_000, 500))
    expect(newestObjectTime(wayNewest)).toBe(new Date(1_710_000_000_000).toISOString())
  })

  it('on the shared extracts: the header for monaco and heidelberg; none in the Indian files (unknown)', () => {
    const meta = (file: string) => {
      const extract = readOsmPbf(`${DATA}/${file}`)
      return regionMeta({ extracts: [extract], graph: buildRoadGraph([extract]) })
    }
    const monaco = meta('monaco.osm.pbf')
    expect(monaco.dataDate).toBe('2020-07-19T20:58:03.000Z')
    expect(monaco.sources[0]?.dataDateFrom).toBe('header')
    // Monaco's objects are dated too; its newest object is older than the header's timestamp.
    expect(newestObjectTime(`${DATA}/monaco.osm.pbf`)).toBe('2020-07-19T11:36:51.000Z')
    expect(meta('heidelberg.osm.pbf').dataDate).toBe('2024-09-08T20:21:00.000Z')
    for (const file of ['india-mumbai-south.osm.pbf', 'india-mumbai-bandra.osm.pbf']) {
      expect(newestObjectTime(`${DATA}/${file}`)).toBeNull()
      const m = meta(file)
      expect(m.dataDate).toBe('')
      expect(m.sources[0]?.dataDateFrom).toBe('unknown')
    }
  }, 20_000)

  it('of a merged region is its oldest source, or unknown when one source is', () => {
    const header = { dataDate: '2024-09-08T20:21:00.000Z', dataDateFrom: 'header' } as const
    const objects = { dataDate: '2020-07-19T11:36:51.000Z', dataDateFrom: 'objects' } as const
    expect(regionDataDate([header, objects])).toBe('2020-07-19T11:36:51.000Z')
    expect(regionDataDate([header, { dataDate: '', dataDateFrom: 'unknown' }])).toBe('')
    // A file's modification time, kept by earlier imports, is not the data's date.
    expect(regionDataDate([{ dataDate: '2026-01-01T00:00:00.000Z', dataDateFrom: 'file' }])).toBe('')
  })
})

describe('GET /api/region on Mumbai south', () => {
  let dataDir: string
  let t: TestApp
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wings-region-info-'))
    expect(runImportRegion([`${DATA}/india-mumbai-south.osm.pbf`], { DATA_DIR: dataDir }, silent)).toBe(0)
    t = await createTestApp({ dataDir })
  }, 30_000)
  afterAll(async () => {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("answers the region's outline and an unknown data date (the file has none), as the contract says", async () => {
    const res = await t.app.inject({ url: '/api/region' })
    expect(res.statusCode).toBe(200)
    const body = res.json() as RegionInfo
    expect(isValid(RegionInfo, body)).toBe(true)
    expect(body.dataDate).toBe('')
    const outline = body.outline as RegionOutline
    expect(outline.type).toBe('MultiPolygon')
    expect(outline.coordinates).toHaveLength(1)
    expect(inside(outline, GRANT_ROAD)).toBe(true)
    expect(inside(outline, CHURCHGATE)).toBe(false)
  })

  it('draws the outline of a region imported before outlines were kept, and drops its file date', async () => {
    const file = join(regionDir(dataDir), META_FILE)
    const meta = JSON.parse(readFileSync(file, 'utf8'))
    delete meta.outline
    meta.dataDate = '2026-11-25T00:03:49.856Z'
    meta.sources[0].dataDate = meta.dataDate
    meta.sources[0].dataDateFrom = 'file'
    writeFileSync(file, JSON.stringify(meta))
    const old = await createTestApp({ dataDir })
    try {
      const body = (await old.app.inject({ url: '/api/region' })).json() as RegionInfo
      expect(isValid(RegionInfo, body)).toBe(true)
      expect(body.dataDate).toBe('')
      expect(inside(body.outline as RegionOutline, BYCULLA)).toBe(true)
      expect(inside(body.outline as RegionOutline, CHURCHGATE)).toBe(false)
    } finally {
      await old.app.close()
    }
  })

  it('answers 503 in the shape of every error when no region is imported', async () => {
    const none = await createTestApp()
    try {
      const res = await none.app.inject({ url: '/api/region' })
      expect(res.statusCode).toBe(503)
      expect(isValid(ErrorBody, res.json())).toBe(true)
    } finally {
      await none.close()
    }
  })
})
