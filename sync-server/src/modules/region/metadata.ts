/**
 * The region's metadata (name, bbox, attribution, data date, time zone, sources, counts): the first import step. It
 * writes the `region` row and `region.json` in the new region folder (read by loadRegion at boot).
 */
import { statSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { OSM_ATTRIBUTION } from '@wings/contract'
import type { OsmExtract } from '@wings/routing'
import type { ImportStep, RegionImport } from './import-step.ts'
import { createRegionRepo } from './repo.ts'

export const META_FILE = 'region.json'

export interface RegionSource {
  file: string
  name: string
  dataDate: string
  /** Where the date came from: the PBF header's replication timestamp, or the file's modification time. */
  dataDateFrom: 'header' | 'file'
}

export interface RegionMeta {
  name: string
  /** [minLon, minLat, maxLon, maxLat] of the road network. */
  bbox: [number, number, number, number]
  attribution: string
  dataDate: string
  timeZone: string
  sources: RegionSource[]
  importedAt: string
  counts: {
    roads: number
    nodes: number
    edges: number
    places: number
    safetyPois: number
    osmNodes: number
    osmWays: number
    osmRelations: number
  }
}

/** 'india-mumbai-south' from '/data/india-mumbai-south.osm.pbf'. */
export function extractName(file: string): string {
  return basename(file).replace(/\.osm\.pbf$|\.pbf$/i, '')
}

function sourceOf(extract: OsmExtract): RegionSource {
  const stamp = extract.header.replicationTimestamp
  if (stamp !== undefined && !Number.isNaN(Date.parse(stamp))) {
    return {
      file: extract.source,
      name: extractName(extract.source),
      dataDate: new Date(stamp).toISOString(),
      dataDateFrom: 'header',
    }
  }
  let date = new Date()
  try {
    date = statSync(extract.source).mtime
  } catch {
    // A buffer, not a file: the import's own time.
  }
  return { file: extract.source, name: extractName(extract.source), dataDate: date.toISOString(), dataDateFrom: 'file' }
}

/**
 * The IANA zone a route's time of day is read in: 'Asia/Kolkata' when the region's centre is in India's box
 * (68-97.5 E, 6-36 N; India has one zone), else the nautical zone of the centre's longitude ('UTC', 'Etc/GMT-1', ...:
 * within an hour of civil time, without daylight saving). Good enough for day/evening/night bands.
 */
export function regionTimeZone(bbox: readonly [number, number, number, number]): string {
  const lon = (bbox[0] + bbox[2]) / 2
  const lat = (bbox[1] + bbox[3]) / 2
  if (lon >= 68 && lon <= 97.5 && lat >= 6 && lat <= 36) return 'Asia/Kolkata'
  const offset = Math.max(-12, Math.min(14, Math.round(lon / 15)))
  if (offset === 0) return 'UTC'
  // Etc/GMT signs are inverted: Etc/GMT-1 is UTC+1.
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

export function regionMeta({ extracts, graph }: Pick<RegionImport, 'extracts' | 'graph'>): RegionMeta {
  const sources = extracts.map(sourceOf)
  const names = [...new Set(sources.map((s) => s.name))]
  const bbox = graph.meta.bbox.map((v) => Math.round(v * 1e7) / 1e7) as [number, number, number, number]
  const sum = (f: (e: OsmExtract) => number) => extracts.reduce((a, e) => a + f(e), 0)
  return {
    name: names.join('+'),
    bbox,
    attribution: OSM_ATTRIBUTION,
    // The oldest: the whole region's data is at least this recent.
    dataDate: sources.map((s) => s.dataDate).sort()[0] ?? new Date().toISOString(),
    timeZone: regionTimeZone(bbox),
    sources,
    importedAt: new Date().toISOString(),
    counts: {
      roads: sum((e) => e.roads.length),
      nodes: graph.nodeCount,
      edges: graph.edgeCount,
      places: sum((e) => e.places.length),
      safetyPois: sum((e) => e.safetyPois.length),
      osmNodes: sum((e) => e.counts.nodes),
      osmWays: sum((e) => e.counts.ways),
      osmRelations: sum((e) => e.counts.relations),
    },
  }
}

/** Import step: the `region` row and `region.json`. */
export const regionMetadataStep: ImportStep = (region) => {
  const meta = regionMeta(region)
  writeFileSync(join(region.dir, META_FILE), `${JSON.stringify(meta, null, 2)}\n`)
  createRegionRepo(region.db).replace({
    name: meta.name,
    min_lon: meta.bbox[0],
    min_lat: meta.bbox[1],
    max_lon: meta.bbox[2],
    max_lat: meta.bbox[3],
    attribution: meta.attribution,
    data_date: meta.dataDate,
    time_zone: meta.timeZone,
    sources: JSON.stringify(meta.sources),
    imported_at: meta.importedAt,
    counts: JSON.stringify(meta.counts),
  })
}
