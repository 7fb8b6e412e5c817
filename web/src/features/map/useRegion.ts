/**
 * The map region the server imported (GET /api/region): its name, box, outline, tile URL, attribution and import date
 * (the version of its tiles). Remembered in Dexie `meta` under 'region', so maps draw offline; the contract's defaults
 * stand in when it was never fetched.
 */
import { DEFAULT_TILE_URL, OSM_ATTRIBUTION, type RegionInfo } from '@wings/contract'
import { useEffect, useState } from 'react'
import { callApi } from '../../api/client.ts'
import { db } from '../../db/db.ts'

export const REGION_META_KEY = 'region'
/** How long a map with no stored region waits for the server before drawing with the fallback (ms). */
export const REGION_WAIT_MS = 3000

/** What maps use before the region was ever fetched: the server's own tiles, the OSM credit, the whole world. */
export const FALLBACK_REGION: RegionInfo = {
  name: '',
  bbox: [-180, -85, 180, 85],
  attribution: OSM_ATTRIBUTION,
  dataDate: '',
  importedAt: '',
  tileUrl: DEFAULT_TILE_URL,
}

export interface RegionState {
  region: RegionInfo
  /** False while only the fallback is known. */
  known: boolean
  /** True once the stored copy was read and, when there was none, the server was asked. */
  ready: boolean
  /** The tile cache version: region.importedAt. */
  version: string
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** A GeoJSON MultiPolygon of [lon, lat] rings, as RegionInfo's `outline` (older stored copies have none). */
function isOutline(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const v = value as { type?: unknown; coordinates?: unknown }
  return (
    v.type === 'MultiPolygon' &&
    Array.isArray(v.coordinates) &&
    v.coordinates.every(
      (polygon) =>
        Array.isArray(polygon) &&
        polygon.every(
          (ring) => Array.isArray(ring) && ring.every((p) => Array.isArray(p) && p.length === 2 && p.every(isNumber)),
        ),
    )
  )
}

export function isRegionInfo(value: unknown): value is RegionInfo {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.name === 'string' &&
    Array.isArray(v.bbox) &&
    v.bbox.length === 4 &&
    v.bbox.every(isNumber) &&
    typeof v.attribution === 'string' &&
    typeof v.dataDate === 'string' &&
    typeof v.importedAt === 'string' &&
    typeof v.tileUrl === 'string' &&
    v.tileUrl.includes('{z}') &&
    (v.outline === undefined || isOutline(v.outline))
  )
}

/** The region fetched in this session (fetched once; a failed fetch is tried again by the next map). */
let fresh: RegionInfo | null = null
let fetching: Promise<RegionInfo | null> | null = null

/** Forgets this session's fetch (tests). */
export function resetRegionSession(): void {
  fresh = null
  fetching = null
}

export async function readStoredRegion(): Promise<RegionInfo | null> {
  try {
    const row = await db.meta.get(REGION_META_KEY)
    return isRegionInfo(row?.value) ? row.value : null
  } catch {
    return null
  }
}

/** Fetches the region (once per session, shared by every map) and remembers it; null when it cannot be had. */
export function refreshRegion(): Promise<RegionInfo | null> {
  if (fresh) return Promise.resolve(fresh)
  fetching ??= (async () => {
    try {
      const region = await callApi('region')
      if (!isRegionInfo(region)) return null
      fresh = region
      await db.meta.put({ key: REGION_META_KEY, value: region }).catch(() => undefined)
      return region
    } catch {
      return null
    } finally {
      fetching = null
    }
  })()
  return fetching
}

/** The best region known now without waiting for the network: this session's, the stored one, else the fallback. */
export async function currentRegion(): Promise<RegionInfo> {
  return fresh ?? (await readStoredRegion()) ?? FALLBACK_REGION
}

function stateOf(region: RegionInfo | null, ready: boolean): RegionState {
  const shown = region ?? FALLBACK_REGION
  return { region: shown, known: region !== null, ready, version: shown.importedAt }
}

/** The region for a map: the stored copy at once, then the server's answer (fetched once per session). */
export function useRegion(): RegionState {
  const [state, setState] = useState<RegionState>(() => stateOf(fresh, fresh !== null))
  useEffect(() => {
    if (fresh) {
      setState(stateOf(fresh, true))
      return
    }
    let live = true
    // A map waits for the region only so long: on a hanging network it draws with what it has.
    const patience = setTimeout(
      () => setState((previous) => (previous.ready ? previous : { ...previous, ready: true })),
      REGION_WAIT_MS,
    )
    void (async () => {
      const stored = await readStoredRegion()
      if (!live) return
      if (stored) setState(stateOf(stored, true))
      const fetched = await refreshRegion()
      if (!live) return
      setState((previous) => (fetched ? stateOf(fetched, true) : { ...previous, ready: true }))
    })()
    return () => {
      live = false
      clearTimeout(patience)
    }
  }, [])
  return state
}
