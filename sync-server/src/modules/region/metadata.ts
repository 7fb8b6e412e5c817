/**
 * The region's metadata (name, bbox, outline, attribution, data date, time zone, sources, counts): the first import step. It
 * writes the `region` row and `region.json` in the new region folder (read by loadRegion at boot).
 */
import { existsSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { OSM_ATTRIBUTION, type RegionOutline } from '@wings/contract'
import type { OsmExtract } from '@wings/routing'
import { newestObjectTime } from './data-date.ts'
import type { ImportStep, RegionImport } from './import-step.ts'
import { graphOutline } from './outline.ts'
import { createRegionRepo } from './repo.ts'

export const META_FILE = 'region.json'

export interface RegionSource {
  file: string
  name: string
  /** The date of the OpenStreetMap data; '' when the file says nothing about it. */
  dataDate: string
  /**
   * Where the date came from: the PBF header's replication timestamp, else the newest object timestamp, else
   * nowhere. ('file', the file's modification time, was used by earlier imports: not the data's date.)
   */
  dataDateFrom: 'header' | 'objects' | 'unknown' | 'file'
}

export interface RegionMeta {
  name: string
  /** [minLon, minLat, maxLon, maxLat] of the road network. */
  bbox: [number, number, number, number]
  /** Where the region has map data (outline.ts); absent in regions imported before it existed (see loadRegion). */
  outline?: RegionOutline
  attribution: string
  /** The oldest of the sources' data dates; '' when one of them is unknown. */
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
  const base = { file: extract.source, name: extractName(extract.source) }
  const stamp = extract.header.replicationTimestamp
  if (stamp !== undefined && !Number.isNaN(Date.parse(stamp))) {
    return { ...base, dataDate: new Date(stamp).toISOString(), dataDateFrom: 'header' }
  }
  // A file without a replication timestamp may still date its objects; a buffer (tests) cannot be read again.
  const newest = existsSync(extract.source) ? newestObjectTime(extract.source) : null
  if (newest) return { ...base, dataDate: newest, dataDateFrom: 'objects' }
  return { ...base, dataDate: '', dataDateFrom: 'unknown' }
}

/** The whole region's data is at least as recent as its oldest source; unknown when one source's date is. */
export function regionDataDate(sources: readonly Pick<RegionSource, 'dataDate' | 'dataDateFrom'>[]): string {
  if (sources.length === 0 || sources.some((s) => s.dataDate === '' || s.dataDateFrom === 'file')) return ''
  return sources.map((s) => s.dataDate).sort()[0] ?? ''
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
    outline: graphOutline(graph),
    attribution: OSM_ATTRIBUTION,
    dataDate: regionDataDate(sources),
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

/**
 * The metadata as served, for a region imported before the outline and the data date were kept as now: its outline
 * drawn from the graph, and no file modification time passed off as the data's date.
 */
export function servedMeta(meta: RegionMeta, graph: Parameters<typeof graphOutline>[0]): RegionMeta {
  return { ...meta, outline: meta.outline ?? graphOutline(graph), dataDate: regionDataDate(meta.sources ?? []) }
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
