/** What an OSM object is to Wings, from its tags: a place to find, a safety-relevant point, a road, or an area. */
import type { Tags } from './osm-pbf.ts'
import { ROAD_TAG_KEYS } from './road-rules.ts'

export type PlaceKind = 'place' | 'poi' | 'street' | 'address'
export type SafetyPoiKind =
  | 'shop'
  | 'food'
  | 'transport'
  | 'police'
  | 'hospital'
  | 'pharmacy'
  | 'atm'
  | 'open24h'
  | 'surveillance'
  | 'street_lamp'

export type AreaKind = 'water' | 'green' | 'building'

const POINT_TAG_PREFIXES = ['name', 'addr:', 'alt_name', 'old_name', 'short_name']
const POINT_TAG_KEYS = new Set([
  'place',
  'amenity',
  'shop',
  'tourism',
  'leisure',
  'office',
  'historic',
  'highway',
  'railway',
  'public_transport',
  'man_made',
  'opening_hours',
  // Nearest help's call button (docs/nearby.md).
  'phone',
  'contact:phone',
  'contact:mobile',
  'mobile',
  'healthcare',
  'building',
  'population',
  'surveillance:type',
  'craft',
  'religion',
])
const POI_KEYS = ['amenity', 'shop', 'tourism', 'leisure', 'office', 'historic', 'healthcare', 'craft', 'building']
const FOOD = new Set(['restaurant', 'cafe', 'fast_food', 'bar', 'pub', 'food_court', 'ice_cream', 'biergarten'])
const TRANSPORT_AMENITY = new Set(['bus_station', 'taxi', 'ferry_terminal'])
const TRANSPORT_RAIL = new Set(['station', 'halt', 'tram_stop', 'subway_entrance'])

export function pointTags(tags: Tags): Tags {
  const out: Tags = {}
  for (const k in tags) {
    const v = tags[k]
    if (v !== undefined && (POINT_TAG_KEYS.has(k) || POINT_TAG_PREFIXES.some((p) => k.startsWith(p)))) out[k] = v
  }
  return out
}

export function placeKind(tags: Tags): PlaceKind | null {
  const named = tags.name !== undefined || tags['name:en'] !== undefined
  if (named && tags.place !== undefined) return 'place'
  if (named && (POI_KEYS.some((k) => tags[k] !== undefined) || isTransport(tags))) return 'poi'
  if (tags['addr:housenumber'] !== undefined) return 'address'
  return null
}

export function isTransport(tags: Tags): boolean {
  return (
    tags.highway === 'bus_stop' ||
    tags.public_transport === 'platform' ||
    tags.public_transport === 'stop_position' ||
    tags.public_transport === 'station' ||
    TRANSPORT_AMENITY.has(tags.amenity ?? '') ||
    TRANSPORT_RAIL.has(tags.railway ?? '')
  )
}

export function safetyKinds(tags: Tags): SafetyPoiKind[] {
  const kinds: SafetyPoiKind[] = []
  const amenity = tags.amenity
  if (tags.shop !== undefined && tags.shop !== 'no' && tags.shop !== 'vacant') kinds.push('shop')
  if (amenity !== undefined && FOOD.has(amenity)) kinds.push('food')
  if (isTransport(tags)) kinds.push('transport')
  if (amenity === 'police') kinds.push('police')
  if (amenity === 'hospital' || amenity === 'clinic' || amenity === 'doctors' || tags.healthcare === 'hospital')
    kinds.push('hospital')
  if (amenity === 'pharmacy') kinds.push('pharmacy')
  if (amenity === 'atm' || amenity === 'bank') kinds.push('atm')
  if (tags.opening_hours === '24/7') kinds.push('open24h')
  if (tags.man_made === 'surveillance') kinds.push('surveillance')
  if (tags.highway === 'street_lamp') kinds.push('street_lamp')
  return kinds
}

export function roadTags(tags: Tags): Tags {
  const out: Tags = {}
  for (const k in tags) {
    const v = tags[k]
    if (v !== undefined && (ROAD_TAG_KEYS.has(k) || k.startsWith('name:'))) out[k] = v
  }
  return out
}

const WATER_LANDUSE = new Set(['reservoir', 'basin'])
const GREEN_LEISURE = new Set(['park', 'garden', 'pitch', 'playground', 'golf_course'])
const GREEN_LANDUSE = new Set(['grass', 'forest', 'recreation_ground', 'cemetery', 'meadow', 'village_green'])
const GREEN_NATURAL = new Set(['wood', 'scrub', 'grassland'])

export function areaKind(tags: Tags): AreaKind | null {
  if (tags.natural === 'water' || tags.waterway === 'riverbank' || WATER_LANDUSE.has(tags.landuse ?? '')) return 'water'
  if (
    GREEN_LEISURE.has(tags.leisure ?? '') ||
    GREEN_LANDUSE.has(tags.landuse ?? '') ||
    GREEN_NATURAL.has(tags.natural ?? '')
  )
    return 'green'
  if (tags.building !== undefined && tags.building !== 'no') return 'building'
  return null
}

/** Joins member ways (node-id lists) into closed rings; pieces that do not close are dropped. */
export function joinRings(ways: number[][]): number[][] {
  const rings: number[][] = []
  const open: number[][] = []
  for (const w of ways) {
    if (w.length < 2) continue
    if (w[0] === w[w.length - 1]) rings.push(w)
    else open.push(w)
  }
  while (open.length > 0) {
    const ring = [...(open.pop() ?? [])]
    let grown = true
    while (ring[0] !== ring[ring.length - 1] && grown) {
      grown = false
      const end = ring[ring.length - 1]
      for (let i = 0; i < open.length; i++) {
        const w = open[i] ?? []
        if (w[0] === end) ring.push(...w.slice(1))
        else if (w[w.length - 1] === end) ring.push(...w.slice(0, -1).reverse())
        else continue
        open.splice(i, 1)
        grown = true
        break
      }
    }
    if (ring[0] === ring[ring.length - 1] && ring.length >= 4) rings.push(ring)
  }
  return rings
}
