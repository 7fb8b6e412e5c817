/**
 * What an OSM object is on the map, from its tags: the vector tiles' layers, each feature's `kind`, and the first
 * data-tile zoom it is in (`minzoom`). Data tiles are 512 px: tile zoom z is drawn at map zoom z + 1, so a minzoom
 * of 12 shows from map zoom 13.
 */
import type { Tags } from '@wings/routing'

export type LayerName = 'earth' | 'water' | 'landuse' | 'buildings' | 'transit' | 'roads' | 'places' | 'pois'
/** Properties of a tile feature (MVT values). */
export type Props = Record<string, string | number | boolean>

export interface LineRule {
  layer: 'roads' | 'transit' | 'water'
  props: Props
  minzoom: number
}

export interface AreaRule {
  layer: 'water' | 'landuse' | 'buildings'
  props: Props
  minzoom: number
}

export interface PointRule {
  layer: 'places' | 'pois'
  props: Props
  minzoom: number
}

/** Name keys kept for labels: the app shows `name:<lang>` when there is one (issue 23: Hindi, Marathi), else `name`. */
export const NAME_KEYS = ['name', 'name:en', 'name:hi', 'name:mr'] as const

export function names(tags: Tags): Props {
  const out: Props = {}
  for (const k of NAME_KEYS) {
    const v = tags[k]?.trim()
    if (v) out[k] = v
  }
  return out
}

const ROAD_KIND: Record<string, [kind: string, minzoom: number]> = {
  motorway: ['highway', 5],
  trunk: ['highway', 5],
  motorway_link: ['highway', 10],
  trunk_link: ['highway', 10],
  primary: ['major', 7],
  primary_link: ['major', 11],
  secondary: ['major', 9],
  secondary_link: ['major', 11],
  tertiary: ['major', 10],
  tertiary_link: ['major', 11],
  residential: ['minor', 11],
  unclassified: ['minor', 11],
  living_street: ['minor', 11],
  road: ['minor', 11],
  busway: ['minor', 11],
  service: ['service', 13],
  pedestrian: ['pedestrian', 12],
  footway: ['path', 13],
  path: ['path', 13],
  steps: ['path', 13],
  cycleway: ['path', 13],
  bridleway: ['path', 13],
  track: ['path', 13],
  corridor: ['path', 14],
}

const RAIL = new Set(['rail', 'light_rail', 'subway', 'monorail', 'narrow_gauge', 'tram', 'funicular'])
const MINOR_RAIL_SERVICE = new Set(['siding', 'yard', 'spur', 'crossover'])
const WATERWAY_LINE: Record<string, number> = { river: 8, canal: 10, stream: 12, drain: 13, ditch: 13 }

const yes = (v: string | undefined) => v !== undefined && v !== 'no' && v !== '0' && v !== 'false'

/** A way drawn as a line (a road, a railway, a river), or null. */
export function lineRule(tags: Tags): LineRule | null {
  const highway = tags.highway
  if (highway !== undefined && tags.area !== 'yes') {
    const road = ROAD_KIND[highway]
    if (!road) return null
    const props: Props = { kind: road[0], class: highway, ...names(tags) }
    if (tags.ref) props.ref = tags.ref
    if (yes(tags.bridge)) props.bridge = true
    if (yes(tags.tunnel)) props.tunnel = true
    return { layer: 'roads', props, minzoom: road[1] }
  }
  const railway = tags.railway
  if (railway !== undefined && RAIL.has(railway)) {
    const minor = MINOR_RAIL_SERVICE.has(tags.service ?? '')
    const props: Props = { kind: railway, ...names(tags) }
    if (minor) props.service = tags.service as string
    if (yes(tags.tunnel)) props.tunnel = true
    if (yes(tags.bridge)) props.bridge = true
    const minzoom = minor ? 13 : railway === 'tram' ? 11 : 8
    return { layer: 'transit', props, minzoom }
  }
  const waterway = tags.waterway
  if (waterway !== undefined && WATERWAY_LINE[waterway] !== undefined && tags.area !== 'yes') {
    return { layer: 'water', props: { kind: waterway, ...names(tags) }, minzoom: WATERWAY_LINE[waterway] as number }
  }
  return null
}

const PARK_LEISURE = new Set(['park', 'garden', 'playground', 'recreation_ground', 'nature_reserve', 'dog_park'])
const PITCH_LEISURE = new Set(['pitch', 'golf_course', 'stadium', 'track', 'sports_centre'])
const GRASS_LANDUSE = new Set(['grass', 'meadow', 'village_green', 'recreation_ground', 'allotments'])
const GRASS_NATURAL = new Set(['grassland', 'scrub', 'heath'])
const WATER_LANDUSE = new Set(['reservoir', 'basin'])
/** Buildings that are landmarks whatever their size. */
const MAJOR_BUILDING = new Set([
  'train_station',
  'transportation',
  'hospital',
  'school',
  'college',
  'university',
  'public',
  'civic',
  'government',
  'church',
  'cathedral',
  'mosque',
  'temple',
  'synagogue',
  'stadium',
  'museum',
])

/** A closed way or multipolygon drawn as an area, or null. */
export function areaRule(tags: Tags): AreaRule | null {
  if (tags.area === 'no') return null
  const { natural, landuse, leisure, waterway } = tags
  if (natural === 'water' || waterway === 'riverbank' || WATER_LANDUSE.has(landuse ?? '') || natural === 'bay')
    return { layer: 'water', props: { kind: natural === 'bay' ? 'bay' : 'water', ...names(tags) }, minzoom: 0 }
  if (PARK_LEISURE.has(leisure ?? '') || landuse === 'recreation_ground')
    return { layer: 'landuse', props: { kind: 'park', ...names(tags) }, minzoom: 6 }
  if (PITCH_LEISURE.has(leisure ?? '')) return { layer: 'landuse', props: { kind: 'pitch' }, minzoom: 10 }
  if (landuse === 'forest' || natural === 'wood') return { layer: 'landuse', props: { kind: 'wood' }, minzoom: 6 }
  if (GRASS_LANDUSE.has(landuse ?? '') || GRASS_NATURAL.has(natural ?? ''))
    return { layer: 'landuse', props: { kind: 'grass' }, minzoom: 8 }
  if (landuse === 'cemetery' || tags.amenity === 'grave_yard')
    return { layer: 'landuse', props: { kind: 'cemetery', ...names(tags) }, minzoom: 8 }
  if (natural === 'beach' || natural === 'sand')
    return { layer: 'landuse', props: { kind: 'beach', ...names(tags) }, minzoom: 8 }
  if (landuse === 'railway') return { layer: 'landuse', props: { kind: 'railway' }, minzoom: 10 }
  if ((tags.highway === 'pedestrian' && tags.area === 'yes') || tags.place === 'square')
    return { layer: 'landuse', props: { kind: 'pedestrian', ...names(tags) }, minzoom: 12 }
  const building = tags.building
  if (building !== undefined && building !== 'no') {
    const props: Props = { kind: 'building', ...names(tags) }
    if (MAJOR_BUILDING.has(building) || tags.amenity === 'hospital' || tags.railway === 'station') props.major = true
    return { layer: 'buildings', props, minzoom: 13 }
  }
  return null
}

const PLACE_ZOOM: Record<string, number> = {
  city: 4,
  town: 7,
  village: 10,
  suburb: 9,
  quarter: 11,
  neighbourhood: 11,
  locality: 12,
  hamlet: 12,
  island: 10,
}

/** A node (or an area's label point) shown as a name or a symbol, or null. */
export function pointRule(tags: Tags): PointRule | null {
  const label = names(tags)
  const named = label.name !== undefined || label['name:en'] !== undefined
  const place = tags.place
  if (place !== undefined && PLACE_ZOOM[place] !== undefined && named)
    return { layer: 'places', props: { kind: place, ...label }, minzoom: PLACE_ZOOM[place] as number }
  const railway = tags.railway
  if (
    railway === 'station' ||
    railway === 'halt' ||
    (tags.public_transport === 'station' && tags.bus !== 'yes' && tags.amenity !== 'bus_station')
  ) {
    const props: Props = { kind: 'station', ...label }
    if (tags.station === 'subway' || tags.subway === 'yes') props.subway = true
    return { layer: 'pois', props, minzoom: 10 }
  }
  if (tags.amenity === 'bus_station') return { layer: 'pois', props: { kind: 'bus_station', ...label }, minzoom: 12 }
  if (
    tags.highway === 'bus_stop' ||
    (tags.public_transport === 'platform' && (tags.bus === 'yes' || tags.highway === 'bus_stop'))
  )
    return { layer: 'pois', props: { kind: 'bus_stop', ...label }, minzoom: 14 }
  if (railway === 'tram_stop') return { layer: 'pois', props: { kind: 'tram_stop', ...label }, minzoom: 14 }
  if (tags.amenity === 'hospital' && named) return { layer: 'pois', props: { kind: 'hospital', ...label }, minzoom: 12 }
  if (tags.amenity === 'police') return { layer: 'pois', props: { kind: 'police', ...label }, minzoom: 13 }
  return null
}

/** The label point kind for a named area (park, water, major building), or null when it gets none. */
export function areaLabelKind(rule: AreaRule): string | null {
  if (rule.layer === 'water') return 'water'
  if (rule.layer === 'landuse') return rule.props.kind === 'park' || rule.props.kind === 'beach' ? 'park' : null
  return 'building'
}
