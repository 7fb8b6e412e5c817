import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import { TILES_FILE } from '../tiles/tile-archive.ts'
import { loadFeatures } from './features.ts'
import { FEATURES_FILE, GRAPH_FILE, importRegion, LANDMARKS_FILE, REGION_DATABASE_FILE, regionDir } from './import.ts'
import { META_FILE } from './metadata.ts'
import { loadRegion } from './region.ts'

const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url))
const MONACO = join(DATA, 'monaco.osm.pbf')
const SOUTH = join(DATA, 'india-mumbai-south.osm.pbf')
const BANDRA = join(DATA, 'india-mumbai-bandra.osm.pbf')

const silent = { out: () => {}, err: () => {} }

function query(dataDir: string, sql: string) {
  const db = new Database(join(dataDir, REGION_DATABASE_FILE), { readonly: true })
  try {
    return db.prepare(sql).all() as Record<string, unknown>[]
  } finally {
    db.close()
  }
}

const regionRows = (dataDir: string) => query(dataDir, 'SELECT * FROM region')

/** Every file of the region folder with its size and mtime: what must not change after a failed import. */
function snapshot(dataDir: string) {
  const dir = regionDir(dataDir)
  return readdirSync(dir)
    .sort()
    .map((f) => {
      const s = statSync(join(dir, f))
      return `${f}:${s.size}:${s.mtimeMs}`
    })
}

describe('import-region (monaco)', () => {
  let dataDir: string
  let code: number
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'wings-region-'))
    code = runImportRegion([MONACO], { DATA_DIR: dataDir }, silent)
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('writes the region row, the files and their counts', () => {
    expect(code).toBe(0)
    const rows = regionRows(dataDir)
    expect(rows).toHaveLength(1)
    const row = rows[0] as Record<string, unknown>
    expect(row.name).toBe('monaco')
    expect(row.attribution).toBe('© OpenStreetMap contributors')
    expect(row.data_date).toBe('2020-07-19T20:58:03.000Z') // the header's replication timestamp
    expect(row.time_zone).toBe('UTC')
    expect(row.min_lon as number).toBeGreaterThan(7.3)
    expect(row.max_lat as number).toBeLessThan(43.8)
    const counts = JSON.parse(row.counts as string)
    expect(counts.edges).toBeGreaterThan(2000)
    expect(counts.safetyPois).toBeGreaterThan(100)
    expect(JSON.parse(row.sources as string)[0]).toMatchObject({ name: 'monaco', dataDateFrom: 'header' })

    // Every step ran: the geocoding index is filled and the tile data written.
    expect(query(dataDir, 'SELECT COUNT(*) AS n FROM places')[0]?.n as number).toBeGreaterThan(100)
    const dir = regionDir(dataDir)
    expect(readdirSync(dir).sort()).toEqual([FEATURES_FILE, GRAPH_FILE, LANDMARKS_FILE, META_FILE, TILES_FILE].sort())
    expect(existsSync(`${dir}.new`) || existsSync(`${dir}.old`)).toBe(false)
    const region = loadRegion(dataDir)
    if (!region) throw new Error('region did not load')
    expect(region.graph.edgeCount).toBe(counts.edges)
    // Features: classes from the graph, lit from tags (monaco tags lit widely), POIs counted near edges.
    const f = loadFeatures(join(dir, FEATURES_FILE), counts.edges)
    const sum = (a: ArrayLike<number>) => Array.from(a).reduce((x, y) => x + y, 0)
    expect(Array.from(f.lit).filter((v) => v === 1).length).toBeGreaterThan(100)
    expect(sum(f.shops)).toBeGreaterThan(50)
    expect(sum(f.food)).toBeGreaterThan(20)
    expect(sum(f.transport)).toBeGreaterThan(20)
    expect(sum(f.help)).toBeGreaterThan(0)
    // Risk arrays: night is riskier than day on average, every value in 0..1.
    const mean = (a: Float32Array) => sum(a) / a.length
    expect(mean(region.risk.night)).toBeGreaterThan(mean(region.risk.day))
    expect(Math.max(...region.risk.night)).toBeLessThanOrEqual(1)
  })

  it('--if-missing does nothing when a region exists', () => {
    const before = snapshot(dataDir)
    const importedAt = regionRows(dataDir)[0]?.imported_at
    const lines: string[] = []
    expect(
      runImportRegion(['--if-missing', SOUTH], { DATA_DIR: dataDir }, { out: (l) => lines.push(l), err: silent.err }),
    ).toBe(0)
    expect(lines.join('\n')).toMatch(/already imported/)
    expect(snapshot(dataDir)).toEqual(before)
    expect(regionRows(dataDir)[0]?.imported_at).toBe(importedAt)
  })

  it('corrupt or non-PBF input: a clear error, exit 1, the old region and rows untouched', () => {
    const text = join(dataDir, 'notes.osm.pbf')
    writeFileSync(text, 'this is not an OpenStreetMap extract\n')
    const truncated = join(dataDir, 'monaco-truncated.osm.pbf')
    const bytes = readFileSync(MONACO)
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)))
    const before = snapshot(dataDir)
    const rowBefore = regionRows(dataDir)
    for (const file of [text, truncated]) {
      const errors: string[] = []
      // The good file first: the import must still fail as a whole.
      const code = runImportRegion([SOUTH, file], { DATA_DIR: dataDir }, { out: () => {}, err: (l) => errors.push(l) })
      expect(code).toBe(1)
      expect(errors[0]).toMatch(/^Not an OpenStreetMap PBF file: /)
      expect(snapshot(dataDir)).toEqual(before)
      expect(regionRows(dataDir)).toEqual(rowBefore)
      expect(existsSync(`${regionDir(dataDir)}.new`)).toBe(false)
    }
  })

  it('a failing import step rolls back the rows and leaves the old folder', () => {
    const before = snapshot(dataDir)
    const rowBefore = regionRows(dataDir)
    expect(() =>
      importRegion({
        dataDir,
        files: [MONACO],
        steps: [
          (r) => r.db.prepare("UPDATE region SET name = 'changed'").run(),
          () => {
            throw new Error('step failed')
          },
        ],
      }),
    ).toThrow('step failed')
    expect(snapshot(dataDir)).toEqual(before)
    expect(regionRows(dataDir)).toEqual(rowBefore)
  })

  it('bad usage exits 2', () => {
    expect(runImportRegion([], { DATA_DIR: dataDir }, silent)).toBe(2)
    expect(runImportRegion(['--force', MONACO], { DATA_DIR: dataDir }, silent)).toBe(2)
  })
})

describe('import-region (Mumbai south + Bandra merged)', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'wings-region-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('merges both extracts into one region, replacing the previous one', () => {
    const south = importRegion({ dataDir, files: [SOUTH] }).meta
    const merged = importRegion({ dataDir, files: [SOUTH, BANDRA] }).meta
    expect(south?.name).toBe('india-mumbai-south')
    expect(merged?.name).toBe('india-mumbai-south+india-mumbai-bandra')
    expect(merged?.timeZone).toBe('Asia/Kolkata')
    expect(merged?.counts.edges).toBeGreaterThan((south?.counts.edges ?? 0) + 1000)
    // Both areas are inside the box: south Mumbai (18.95 N) and Bandra (19.07 N).
    expect(merged?.bbox[1]).toBeLessThan(18.96)
    expect(merged?.bbox[3]).toBeGreaterThan(19.06)
    // Neither file dates its data (no replication timestamp, no object timestamps): the date is unknown, not the
    // file's modification time.
    expect(merged?.sources.map((s) => s.dataDateFrom)).toEqual(['unknown', 'unknown'])
    expect(merged?.dataDate).toBe('')
    const rows = regionRows(dataDir)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.name).toBe(merged?.name)
    expect(loadRegion(dataDir)?.graph.edgeCount).toBe(merged?.counts.edges)
  }, 20_000)
})
