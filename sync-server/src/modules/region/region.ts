/** The imported region as the server holds it: the road graph, per-edge safety features and risk per time of day. */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadGraph, type RoadGraph, routerContext } from '@wings/routing'
import { fillRiskArray, TIMES_OF_DAY, type TimeOfDay } from '@wings/safety'
import { asColumns, loadFeatures, type RegionFeatures } from './features.ts'
import { FEATURES_FILE, GRAPH_FILE, recoverRegionFolders, regionDir } from './import.ts'
import { META_FILE, type RegionMeta } from './metadata.ts'

export interface Region {
  meta: RegionMeta
  graph: RoadGraph
  features: RegionFeatures
  /** Per-edge risk (0..1) for each period, computed once at load: the router's cost weights. */
  risk: Record<TimeOfDay, Float32Array>
}

/**
 * Loads DATA_DIR/region (graph, features, region.json) and computes the three risk arrays; null when no region is
 * imported. Throws when the files are there but unreadable.
 */
export function loadRegion(dataDir: string): Region | null {
  if (!existsSync(regionDir(dataDir)) && existsSync(`${regionDir(dataDir)}.old`)) recoverRegionFolders(dataDir)
  const dir = regionDir(dataDir)
  if (!existsSync(join(dir, META_FILE))) return null
  const meta = JSON.parse(readFileSync(join(dir, META_FILE), 'utf8')) as RegionMeta
  const graph = loadGraph(join(dir, GRAPH_FILE))
  const features = loadFeatures(join(dir, FEATURES_FILE), graph.edgeCount)
  const columns = asColumns(features)
  const risk = {} as Record<TimeOfDay, Float32Array>
  for (const period of TIMES_OF_DAY) risk[period] = fillRiskArray(columns, period, new Float32Array(graph.edgeCount))
  routerContext(graph) // builds the snap grid and search buffers now rather than on the first request
  return { meta, graph, features, risk }
}
