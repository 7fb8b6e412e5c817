/**
 * The nearest-help step of a region import: police stations, hospitals, and places she can go in that OSM gives
 * opening hours (docs/nearby.md), with their phone and opening_hours, replacing the `nearby_places` rows.
 */
import type { NearbyKind } from '@wings/contract'
import type { OsmExtract, Tags } from '@wings/routing'
import type { ImportStep } from '../region/import-step.ts'
import { createNearbyRepo, type NearbyRow } from './repo.ts'

/** amenity=* values of places she can go in when their hours say open (clinics have office hours, no emergency). */
const OPEN_AMENITIES = new Set(['pharmacy', 'fuel', 'clinic', 'doctors'])

/** What kind of help a point is, and what it is; null for anything else. */
export function helpOf(tags: Tags): { kind: NearbyKind; category: string } | null {
  if (tags.amenity === 'police') return { kind: 'police', category: 'police' }
  if (tags.amenity === 'hospital' || tags.healthcare === 'hospital') return { kind: 'hospital', category: 'hospital' }
  // A place without opening hours is never "open now": it is not kept.
  if (tags.opening_hours === undefined || tags.opening_hours.trim() === '') return null
  if (OPEN_AMENITIES.has(tags.amenity ?? '')) return { kind: 'open', category: tags.amenity as string }
  if (tags.tourism === 'hotel') return { kind: 'open', category: 'hotel' }
  if (tags.shop !== undefined && tags.shop !== 'no' && tags.shop !== 'vacant') return { kind: 'open', category: 'shop' }
  return null
}

/** The first number of phone / contact:phone ('+91 22 2307 1234; +91 ...' -> '+91 22 2307 1234'). */
export function phoneOf(tags: Tags): string | null {
  const raw = tags.phone ?? tags['contact:phone'] ?? tags['contact:mobile'] ?? tags.mobile
  const first = raw?.split(/[;,]/)[0]?.trim()
  return first && /\d{3}/.test(first) ? first : null
}

/** Every place of help in the extracts, once each (a point is both a place and a safety POI). */
export function nearbyRows(extracts: readonly OsmExtract[]): NearbyRow[] {
  const rows = new Map<string, NearbyRow>()
  for (const extract of extracts) {
    // Named ones are among the places, unnamed police stations, hospitals and 24/7 places among the safety POIs;
    // hospital campuses mapped as multipolygon relations among the relation points.
    for (const point of [...extract.places, ...extract.safetyPois, ...(extract.relationPoints ?? [])]) {
      if (rows.has(point.id) || point.kind === 'street' || point.kind === 'address') continue
      const help = helpOf(point.tags)
      if (!help) continue
      rows.set(point.id, {
        id: point.id,
        ...help,
        name: (point.tags.name ?? point.tags['name:en'] ?? '').trim(),
        lat: point.lat,
        lon: point.lon,
        phone: phoneOf(point.tags),
        opening_hours: point.tags.opening_hours?.trim() || null,
      })
    }
  }
  return [...rows.values()]
}

export const nearbyImportStep: ImportStep = ({ extracts, db }) => {
  createNearbyRepo(db).replace(nearbyRows(extracts))
}
