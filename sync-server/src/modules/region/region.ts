/** The imported region as the server holds it: the road graph, per-edge safety features and risk per time of day. */
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs'
import { join } from 'node:path'
import { deserializeGraph, deserializeLandmarks, type Landmarks, type RoadGraph, routerContext } from '@wings/routing'
import { type EdgeFeatureColumns, fillRiskArray, TIMES_OF_DAY, type TimeOfDay } from '@wings/safety'
import { featuresVersion, loadFeatures, type RegionFeatures } from './features.ts'
import { FEATURES_FILE, GRAPH_FILE, LANDMARKS_FILE, recoverRegionFolders, regionDir } from './import.ts'
import { META_FILE, type RegionMeta, servedMeta } from './metadata.ts'
import { belowFloor, invalidateRated, ratedValid, type SharedRatedLandmarks } from './rated-landmarks.ts'

export interface Region {
  meta: RegionMeta
  graph: RoadGraph
  /** The graph file in shared memory: `graph` is views on it, and the region workers (work.ts) make theirs on it. */
  graphBytes: Uint8Array
  /** The searches' landmarks (shared memory, like the graph); absent for a region imported before them. */
  landmarks?: Landmarks
  landmarkBytes?: Uint8Array
  features: RegionFeatures
  /**
   * Per-edge community signals (docs/community-signals.md), kept by modules/region/signals.ts from the database:
   * zeros at load, filled when the app starts and updated on every report and rating.
   */
  signals: EdgeSignals
  /**
   * Per-edge risk (0..1) for each period: the router's cost weights, refreshed edge by edge when signals change. In
   * shared memory, so the region workers search with the risks of this moment.
   */
  risk: Record<TimeOfDay, Float32Array>
  /** The features file predates the after-dark columns (version 1): they read as 0 until the region is re-imported. */
  featuresOutdated?: boolean
  /**
   * Landmarks on the current ratings, when the route workers use them (work.ts): refreshRisk invalidates a period's
   * sets before a risk goes below their floor; the next search of the period asks for a build.
   */
  rated?: SharedRatedLandmarks
}

export interface EdgeSignals {
  /**
   * Time-decayed, severity-weighted incident reports near the edge per km (the model's `incidentDensity`), per period
   * of the trip: a report weighs more in the period of the hour it happened (signals.ts, INCIDENT_TIME_WEIGHTS).
   */
  incidentDensity: Record<TimeOfDay, Float32Array>
  /** Shrunk mean of users' ratings, -1..1 (the model's `ratingFeedback`). */
  ratingFeedback: Float32Array
}

/** Every per-edge input of the safety model at a period: the imported features plus the community signals. */
export function regionColumns(region: Pick<Region, 'features' | 'signals'>, period: TimeOfDay): EdgeFeatureColumns {
  const { incidentDensity, ratingFeedback } = region.signals
  return { ...region.features, incidentDensity: incidentDensity[period], ratingFeedback }
}

/**
 * Recomputes the three risk arrays for `edges` only (all edges when omitted), from the current columns. Each new risk
 * is checked against the rated landmarks' floor before it is written (rated-landmarks.ts).
 */
export function refreshRisk(region: Region, edges?: ArrayLike<number>): void {
  const rated = region.rated
  const lowers = (period: TimeOfDay, values: ArrayLike<number>) => {
    if (rated && ratedValid(rated, period) && belowFloor(rated, period, values, edges)) invalidateRated(rated, period)
  }
  if (edges === undefined) {
    for (const period of TIMES_OF_DAY) {
      if (rated === undefined || !ratedValid(rated, period)) {
        fillRiskArray(regionColumns(region, period), period, region.risk[period])
        continue
      }
      const values = fillRiskArray(regionColumns(region, period), period, new Float32Array(region.risk[period].length))
      lowers(period, values)
      region.risk[period].set(values)
    }
    return
  }
  if (edges.length === 0) return
  const out = new Float32Array(edges.length)
  for (const period of TIMES_OF_DAY) {
    // The model fills whole columns: give it columns of just these edges, then copy the risks back.
    const sub: Record<string, Float32Array> = {}
    for (const [name, column] of Object.entries(regionColumns(region, period))) {
      if (column === undefined) continue
      const values = new Float32Array(edges.length)
      for (let i = 0; i < edges.length; i++) values[i] = (column as ArrayLike<number>)[edges[i] as number] as number
      sub[name] = values
    }
    fillRiskArray(sub as unknown as EdgeFeatureColumns, period, out)
    lowers(period, out)
    const risk = region.risk[period]
    for (let i = 0; i < edges.length; i++) risk[edges[i] as number] = out[i] as number
  }
}

/**
 * Loads DATA_DIR/region (graph, features, region.json) and computes the three risk arrays; null when no region is
 * imported. Throws when the files are there but unreadable.
 */
export function loadRegion(dataDir: string): Region | null {
  if (!existsSync(regionDir(dataDir)) && existsSync(`${regionDir(dataDir)}.old`)) recoverRegionFolders(dataDir)
  const dir = regionDir(dataDir)
  if (!existsSync(join(dir, META_FILE))) return null
  const stored = JSON.parse(readFileSync(join(dir, META_FILE), 'utf8')) as RegionMeta
  const graphBytes = readIntoSharedMemory(join(dir, GRAPH_FILE))
  const graph = deserializeGraph(graphBytes)
  const meta = servedMeta(stored, graph)
  const featuresFile = join(dir, FEATURES_FILE)
  const features = loadFeatures(featuresFile, graph.edgeCount)
  const featuresOutdated = featuresVersion(readFileSync(featuresFile), featuresFile) < 2
  const signals: EdgeSignals = {
    incidentDensity: {
      day: new Float32Array(graph.edgeCount),
      evening: new Float32Array(graph.edgeCount),
      night: new Float32Array(graph.edgeCount),
    },
    ratingFeedback: new Float32Array(graph.edgeCount),
  }
  const risk = {} as Record<TimeOfDay, Float32Array>
  for (const period of TIMES_OF_DAY) {
    const columns = regionColumns({ features, signals }, period)
    risk[period] = fillRiskArray(columns, period, new Float32Array(new SharedArrayBuffer(4 * graph.edgeCount)))
  }
  const landmarksFile = join(dir, LANDMARKS_FILE)
  const landmarkBytes = existsSync(landmarksFile) ? readIntoSharedMemory(landmarksFile) : undefined
  const landmarks = landmarkBytes ? deserializeLandmarks(landmarkBytes, graph) : undefined
  routerContext(graph) // builds the snap grid and search buffers now rather than on the first request
  return {
    meta,
    graph,
    graphBytes,
    ...(landmarks ? { landmarks, landmarkBytes } : {}),
    features,
    signals,
    risk,
    ...(featuresOutdated ? { featuresOutdated } : {}),
  }
}

/**
 * A file's bytes read straight into shared memory, which the route workers view without copying: no heap copy on the
 * way (the metro's landmarks are 167 MB).
 */
function readIntoSharedMemory(path: string): Uint8Array {
  const fd = openSync(path, 'r')
  try {
    const size = fstatSync(fd).size
    const bytes = new Uint8Array(new SharedArrayBuffer(size))
    for (let at = 0; at < size; ) {
      const read = readSync(fd, bytes, at, size - at, at)
      if (read === 0) throw new Error(`${path} ended at ${at} of ${size} bytes while being read`)
      at += read
    }
    return bytes
  } finally {
    closeSync(fd)
  }
}
