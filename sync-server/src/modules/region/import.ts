/**
 * Region import: OSM extracts -> DATA_DIR/region (road graph, safety features, region.json, and whatever the
 * import steps write) plus the steps' rows in the database, all or nothing.
 *
 * 1. Read every extract (a bad file fails here, before anything is touched) and merge them into one road graph.
 * 2. Write the graph, the per-edge safety features and the landmarks (the searches' bounds, on the lowest risk the
 *    model can give each edge) to the staging folder DATA_DIR/region.new.
 * 3. In ONE SQLite transaction (BEGIN IMMEDIATE): run IMPORT_STEPS, then swap the folders (region -> region.old,
 *    region.new -> region), then COMMIT, then remove region.old. Any failure rolls back the transaction, undoes the
 *    swap and removes region.new: the old region's files and rows stay as they were.
 * A crash between the two renames leaves region.old without region: the next import (or loadRegion) puts it back.
 * Two imports must not run at once on one DATA_DIR (npm start runs one, before the server).
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { buildLandmarks, buildRoadGraph, type OsmExtract, readOsmPbf, saveGraph, saveLandmarks } from '@wings/routing'
import type { Db } from '../../db/connection.ts'
import { openDatabase } from '../../db/connection.ts'
import { migrate } from '../../db/migrate.ts'
import { computeEdgeFeatures, saveFeatures } from './features.ts'
import type { ImportStep } from './import-step.ts'
import { META_FILE, type RegionMeta } from './metadata.ts'
import { createRegionRepo } from './repo.ts'
import { riskFloors } from './risk-floor.ts'
import { IMPORT_STEPS } from './steps.ts'

/** Same file name as app.ts's DATABASE_FILE (not imported, so the CLI does not load the whole server). */
export const REGION_DATABASE_FILE = 'wings.db'
export const REGION_DIR = 'region'
export const GRAPH_FILE = 'graph.bin'
export const FEATURES_FILE = 'features.bin'
/** Optional: a region imported before landmarks routes with the plane bound alone. */
export const LANDMARKS_FILE = 'landmarks.bin'

export interface ImportOptions {
  dataDir: string
  /** .osm.pbf paths; several are merged into one region. */
  files: readonly string[]
  /** Do nothing when a region is already imported. */
  ifMissing?: boolean
  /** Default IMPORT_STEPS. */
  steps?: readonly ImportStep[]
  /** An open database (default: DATA_DIR/wings.db, migrated, closed at the end). */
  db?: Db
  log?: (message: string) => void
}

export interface ImportResult {
  skipped: boolean
  meta?: RegionMeta
  /** Milliseconds per phase. */
  timings: Record<string, number>
}

export const regionDir = (dataDir: string) => join(dataDir, REGION_DIR)

/** Puts back a region left in region.old by a crash mid-swap; removes a stale staging folder. */
export function recoverRegionFolders(dataDir: string): void {
  const live = regionDir(dataDir)
  const old = `${live}.old`
  if (!existsSync(live) && existsSync(join(old, META_FILE))) renameSync(old, live)
  rmSync(`${live}.new`, { recursive: true, force: true })
  if (existsSync(live)) rmSync(old, { recursive: true, force: true })
}

/** A region is imported when its row exists and its folder holds its metadata. */
export function regionPresent(dataDir: string, db: Db): boolean {
  return createRegionRepo(db).get() !== undefined && existsSync(join(regionDir(dataDir), META_FILE))
}

export function importRegion(options: ImportOptions): ImportResult {
  const { dataDir, files } = options
  const steps = options.steps ?? IMPORT_STEPS
  const log = options.log ?? (() => {})
  if (files.length === 0) throw new Error('Give at least one .osm.pbf file')
  mkdirSync(dataDir, { recursive: true })
  const ownDb = options.db === undefined
  const db = options.db ?? openDatabase(join(dataDir, REGION_DATABASE_FILE))
  const timings: Record<string, number> = {}
  let t = performance.now()
  const lap = (name: string) => {
    const now = performance.now()
    timings[name] = Math.round(now - t)
    t = now
  }
  try {
    if (ownDb) migrate(db)
    recoverRegionFolders(dataDir)
    if (options.ifMissing && regionPresent(dataDir, db)) {
      log('A region is already imported: nothing to do')
      return { skipped: true, timings }
    }

    const extracts: OsmExtract[] = files.map((file) => {
      log(`Reading ${file}`)
      return readOsmPbf(file)
    })
    lap('read')
    const graph = buildRoadGraph(extracts)
    lap('graph')
    log(`Road graph: ${graph.nodeCount} junctions, ${graph.edgeCount} edges`)

    const live = regionDir(dataDir)
    const staging = `${live}.new`
    const old = `${live}.old`
    mkdirSync(staging, { recursive: true })
    try {
      saveGraph(graph, join(staging, GRAPH_FILE))
      lap('saveGraph')
      const features = computeEdgeFeatures(graph, extracts)
      saveFeatures(features, join(staging, FEATURES_FILE))
      lap('features')
      saveLandmarks(buildLandmarks(graph, { riskFloors: riskFloors(features) }), join(staging, LANDMARKS_FILE))
      lap('landmarks')

      db.exec('BEGIN IMMEDIATE')
      let swapped = false
      let hadOld = false
      try {
        for (const step of steps) step({ extracts, graph, dir: staging, db })
        lap('steps')
        if (existsSync(live)) {
          renameSync(live, old)
          hadOld = true
        }
        try {
          renameSync(staging, live)
        } catch (error) {
          if (hadOld) renameSync(old, live)
          throw error
        }
        swapped = true
        db.exec('COMMIT')
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK')
        if (swapped) {
          renameSync(live, staging)
          if (hadOld) renameSync(old, live)
        }
        throw error
      }
      rmSync(old, { recursive: true, force: true })
      lap('commit')
    } finally {
      rmSync(staging, { recursive: true, force: true })
    }
    const meta = readMetaRow(db)
    log(`Imported region ${meta?.name ?? ''}`)
    return { skipped: false, ...(meta ? { meta } : {}), timings }
  } finally {
    if (ownDb) db.close()
  }
}

/** The region row as metadata (undefined before any import). */
export function readMetaRow(db: Db): RegionMeta | undefined {
  const row = createRegionRepo(db).get()
  if (!row) return undefined
  return {
    name: row.name,
    bbox: [row.min_lon, row.min_lat, row.max_lon, row.max_lat],
    attribution: row.attribution,
    dataDate: row.data_date,
    timeZone: row.time_zone,
    sources: JSON.parse(row.sources),
    importedAt: row.imported_at,
    counts: JSON.parse(row.counts),
  }
}
