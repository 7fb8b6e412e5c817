/**
 * Search answers in Nominatim's formats (format=json, jsonv2, geojson), for clients written for Nominatim, and the
 * address details (addressdetails=1) of every format. Only what Wings knows of a place is said: its point (the
 * bounding box is a small square around it), its OSM key and value, its locality, city and the region's country.
 */
import {
  GEOCODE_LICENCE,
  type GeocodeAddress,
  type GeocodeFormat,
  type GeocodeGeoJsonResponse,
  type GeocodeJsonResult,
  type GeocodeJsonV2Result,
} from '@wings/contract'
import type { PlaceHit } from './repo.ts'

/** Nominatim's search ranks of places (https://nominatim.org/release-docs/latest/customize/Ranking/). */
const PLACE_RANK: Record<string, number> = {
  city: 16,
  town: 18,
  village: 19,
  suburb: 20,
  hamlet: 20,
  quarter: 22,
  neighbourhood: 22,
  locality: 25,
}
/** Half the side of the bounding box around a point, in degrees: a neighbourhood's size, else a building's. */
const HALF_BOX = { place: 0.005, other: 0.0005 }

const placeRank = (hit: PlaceHit) =>
  hit.kind === 'place' ? (PLACE_RANK[hit.category] ?? 22) : hit.kind === 'street' ? 26 : 30

/** The OSM key: stored at import; rows imported before it was kept fall back on the kind. */
function osmClass(hit: PlaceHit): string {
  if (hit.osm_key) return hit.osm_key
  return hit.kind === 'street' ? 'highway' : hit.kind === 'poi' ? 'poi' : 'place'
}

function osmRef(id: string): { osm_type: 'node' | 'way' | 'relation'; osm_id: number } {
  const osm_type = id.startsWith('n') ? 'node' : id.startsWith('w') ? 'way' : 'relation'
  return { osm_type, osm_id: Number(id.slice(1)) }
}

/** The street of an address: its name without the house number in front. */
const streetOf = (hit: PlaceHit) =>
  hit.house_number && hit.name.startsWith(`${hit.house_number} `)
    ? hit.name.slice(hit.house_number.length + 1)
    : hit.name

/** What the address of a place is made of, under Nominatim's keys. */
export function addressOf(hit: PlaceHit, country: string | null): GeocodeAddress {
  const address: GeocodeAddress = {}
  if (hit.kind === 'address') {
    if (hit.house_number) address.house_number = hit.house_number
    address.road = streetOf(hit)
  } else if (hit.kind === 'street') address.road = hit.name
  else if (hit.kind === 'place') address[hit.category] = hit.name
  else address[osmClass(hit)] = hit.name
  if (hit.locality && hit.locality !== hit.name) address.suburb = hit.locality
  if (hit.city && hit.city !== hit.name) address.city = hit.city
  if (country) address.country_code = country
  return address
}

function common(hit: PlaceHit, address: GeocodeAddress | undefined) {
  return {
    place_id: hit.seq,
    ...osmRef(hit.id),
    type: hit.category,
    place_rank: placeRank(hit),
    importance: hit.importance / 100,
    addresstype: hit.kind === 'street' ? 'road' : hit.kind === 'place' ? hit.category : osmClass(hit),
    name: hit.kind === 'address' ? '' : hit.name,
    display_name: hit.display_name,
    ...(address ? { address } : {}),
  }
}

/** [minLat, maxLat, minLon, maxLon] around the point. */
function box(hit: PlaceHit): [number, number, number, number] {
  const half = hit.kind === 'place' ? HALF_BOX.place : HALF_BOX.other
  return [hit.lat - half, hit.lat + half, hit.lon - half, hit.lon + half]
}

const text = (degrees: number) => degrees.toFixed(7)

function jsonResult(hit: PlaceHit, address: GeocodeAddress | undefined): Omit<GeocodeJsonResult, 'class'> {
  const [s, n, w, e] = box(hit)
  return {
    ...common(hit, address),
    licence: GEOCODE_LICENCE,
    lat: text(hit.lat),
    lon: text(hit.lon),
    boundingbox: [text(s), text(n), text(w), text(e)],
  }
}

/** The places in a Nominatim format; with `details`, each with its address. */
export function nominatimAnswer(
  format: GeocodeFormat,
  hits: PlaceHit[],
  details: boolean,
  country: string | null,
): GeocodeJsonResult[] | GeocodeJsonV2Result[] | GeocodeGeoJsonResponse {
  const addressFor = (hit: PlaceHit) => (details ? addressOf(hit, country) : undefined)
  if (format === 'json') return hits.map((hit) => ({ ...jsonResult(hit, addressFor(hit)), class: osmClass(hit) }))
  if (format === 'jsonv2') return hits.map((hit) => ({ ...jsonResult(hit, addressFor(hit)), category: osmClass(hit) }))
  return {
    type: 'FeatureCollection',
    licence: GEOCODE_LICENCE,
    features: hits.map((hit) => {
      const [s, n, w, e] = box(hit)
      return {
        type: 'Feature' as const,
        properties: { ...common(hit, addressFor(hit)), category: osmClass(hit) },
        bbox: [w, s, e, n] as [number, number, number, number],
        geometry: { type: 'Point' as const, coordinates: [hit.lon, hit.lat] as [number, number] },
      }
    }),
  }
}
