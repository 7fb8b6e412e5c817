/**
 * Which OSM highways each mode may use, in which direction, and how fast: the tag rules of the road network.
 * Modes: foot (bit 0), bike (bit 1), car (bit 2). Access = bits 0..2 forward (along the way's node order),
 * bits 3..5 backward.
 */
import type { Tags } from './osm-pbf.ts'

export const MODES = ['foot', 'bike', 'car'] as const
export type Mode = (typeof MODES)[number]
/** Index of a mode in per-mode tuples and in the 3-per-edge speed array. */
export type ModeIndex = 0 | 1 | 2
export const MODE_INDEX: Record<Mode, ModeIndex> = { foot: 0, bike: 1, car: 2 }

/** Motor roads from trunk down to an untyped road: open to every mode unless tags close them. */
const COMMON_ROADS = [
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'road',
] as const

/** Highway classes kept in the graph; the index is the stored class code. */
export const HIGHWAY_CLASSES = [
  'motorway',
  'motorway_link',
  ...COMMON_ROADS,
  'track',
  'pedestrian',
  'footway',
  'path',
  'cycleway',
  'bridleway',
  'steps',
  'corridor',
  'sidewalk',
  'crossing',
  'busway',
] as const
export type HighwayClass = (typeof HIGHWAY_CLASSES)[number]
const CLASS_CODE = new Map<string, number>(HIGHWAY_CLASSES.map((c, i) => [c, i]))

/** Default car speed (km/h) per class when no usable maxspeed is tagged. */
const CAR_DEFAULT_KMH: Partial<Record<HighwayClass, number>> = {
  motorway: 110,
  motorway_link: 60,
  trunk: 85,
  trunk_link: 50,
  primary: 60,
  primary_link: 40,
  secondary: 50,
  secondary_link: 35,
  tertiary: 40,
  tertiary_link: 30,
  unclassified: 30,
  residential: 25,
  living_street: 10,
  service: 15,
  road: 20,
}
export const FOOT_KMH = 5
export const FOOT_STEPS_KMH = 3
export const BIKE_KMH = 15

// Default access per class (true = open unless tags close it).
const FOOT_DEFAULT = new Set<HighwayClass>([
  ...COMMON_ROADS,
  'track',
  'pedestrian',
  'footway',
  'path',
  'steps',
  'corridor',
  'sidewalk',
  'crossing',
])
const BIKE_DEFAULT = new Set<HighwayClass>([...COMMON_ROADS, 'track', 'path', 'cycleway'])
const CAR_DEFAULT = new Set<HighwayClass>(['motorway', 'motorway_link', ...COMMON_ROADS])
/** Classes no tag can open to a mode (the law or the physical way forbids it). */
const FOOT_NEVER = new Set<HighwayClass>(['motorway', 'motorway_link'])
const BIKE_NEVER = new Set<HighwayClass>(['motorway', 'motorway_link', 'steps'])
const CAR_NEVER = new Set<HighwayClass>([
  'footway',
  'path',
  'pedestrian',
  'steps',
  'cycleway',
  'bridleway',
  'corridor',
  'sidewalk',
  'crossing',
  'track',
  'busway',
])

const CLOSED = new Set([
  'no',
  'private',
  'agricultural',
  'forestry',
  'emergency',
  'military',
  'delivery',
  'use_sidepath',
])
const OPEN = new Set(['yes', 'designated', 'permissive', 'destination', 'customers', 'official', 'public', 'permit'])

/** The part of a tag value before the first ';' (multi-valued tags), trimmed. */
function firstValue(v: string): string {
  const semi = v.indexOf(';')
  return (semi < 0 ? v : v.slice(0, semi)).trim()
}

/** The most specific access tag that says something decides: true open, false closed, undefined default. */
function accessOf(tags: Tags, keys: readonly string[]): boolean | undefined {
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i]
    const v = key === undefined ? undefined : tags[key]
    if (v === undefined) continue
    const first = firstValue(v)
    if (CLOSED.has(first)) return false
    if (OPEN.has(first)) return true
  }
  return undefined
}
const FOOT_KEYS = ['access', 'foot'] as const
const BIKE_KEYS = ['access', 'vehicle', 'bicycle'] as const
const CAR_KEYS = ['access', 'vehicle', 'motor_vehicle', 'motorcar'] as const

/** 1 forward only, -1 backward only, 0 both ways, 2 closed both ways (reversible/alternating). */
function onewayOf(value: string | undefined, implied: boolean): -1 | 0 | 1 | 2 {
  if (value === undefined) return implied ? 1 : 0
  if (value === 'yes' || value === '1' || value === 'true') return 1
  if (value === '-1' || value === 'reverse') return -1
  if (value === 'reversible' || value === 'alternating') return 2
  if (value === 'no' || value === '0' || value === 'false') return 0
  return implied ? 1 : 0
}

function dirBits(oneway: -1 | 0 | 1 | 2, bit: number): number {
  if (oneway === 0) return bit | (bit << 3)
  if (oneway === 1) return bit
  if (oneway === -1) return bit << 3
  return 0
}

export interface RoadAttributes {
  classCode: number
  /** Bits 0..2 forward foot/bike/car, bits 3..5 backward. 0 = not part of the network. */
  access: number
  /** 0 unknown, 1 yes, 2 no. */
  lit: number
  /** 0 unknown, 1 none, 2 one side, 3 both sides, 4 mapped separately. */
  sidewalk: number
  /** Parsed maxspeed in km/h, 0 when absent or unparseable. */
  maxspeed: number
  footKmh: number
  bikeKmh: number
  carKmh: number
}

/** Road attributes of a way, or null when no mode may use it. */
export function roadAttributes(tags: Tags): RoadAttributes | null {
  const highway = tags.highway
  if (highway === undefined) return null
  const classCode = CLASS_CODE.get(highway)
  if (classCode === undefined) return null
  if (tags.area === 'yes') return null
  const cls = highway as HighwayClass

  let foot = !FOOT_NEVER.has(cls) && (accessOf(tags, FOOT_KEYS) ?? FOOT_DEFAULT.has(cls))
  // Trunk roads are open on foot and by bike unless tagged otherwise; a motorroad is not.
  if (tags.motorroad === 'yes' && tags.foot === undefined) foot = false
  let bike = !BIKE_NEVER.has(cls) && (accessOf(tags, BIKE_KEYS) ?? BIKE_DEFAULT.has(cls))
  if (tags.motorroad === 'yes' && tags.bicycle === undefined) bike = false
  const car = !CAR_NEVER.has(cls) && (accessOf(tags, CAR_KEYS) ?? CAR_DEFAULT.has(cls))
  if (!foot && !bike && !car) return null

  const roundabout = tags.junction === 'roundabout' || tags.junction === 'circular'
  const carOneway = onewayOf(tags.oneway, roundabout || cls === 'motorway')
  let bikeOneway = carOneway
  const ob = tags['oneway:bicycle']
  if (ob !== undefined) bikeOneway = onewayOf(ob, false)
  else if (tags.cycleway?.startsWith('opposite') && carOneway !== 2) bikeOneway = 0
  let access = 0
  if (foot) access |= dirBits(0, 1)
  if (bike) access |= dirBits(bikeOneway, 2)
  if (car) access |= dirBits(carOneway, 4)
  if (access === 0) return null

  const maxspeed = parseMaxspeed(tags.maxspeed)
  const carDefault = CAR_DEFAULT_KMH[cls] ?? 20
  return {
    classCode,
    access,
    lit: litOf(tags.lit),
    sidewalk: sidewalkOf(tags),
    maxspeed,
    footKmh: cls === 'steps' ? FOOT_STEPS_KMH : FOOT_KMH,
    bikeKmh: BIKE_KMH,
    carKmh: Math.max(5, Math.min(130, maxspeed > 0 ? maxspeed : carDefault)),
  }
}

function litOf(v: string | undefined): number {
  if (v === undefined) return 0
  if (v === 'no' || v === 'disused' || v === 'none') return 2
  return 1 // yes, 24/7, automatic, limited, interval, sunset-sunrise, opening hours...
}

function sidewalkOf(tags: Tags): number {
  const v = tags.sidewalk ?? tags['sidewalk:both']
  if (v === 'both' || v === 'yes') return 3
  if (v === 'left' || v === 'right') return 2
  if (v === 'separate') return 4
  if (v === 'no' || v === 'none') {
    const l = tags['sidewalk:left']
    const r = tags['sidewalk:right']
    if (l === 'yes' || r === 'yes') return 2
    return 1
  }
  const l = tags['sidewalk:left'] === 'yes'
  const r = tags['sidewalk:right'] === 'yes'
  if (l && r) return 3
  if (l || r) return 2
  if (tags['sidewalk:left'] === 'separate' || tags['sidewalk:right'] === 'separate') return 4
  if (tags['sidewalk:left'] === 'no' && tags['sidewalk:right'] === 'no') return 1
  return 0
}

/**
 * Parses an OSM maxspeed value to km/h: '50', '30 mph', '50;30' (first), 'IN:urban', 'DE:zone30',
 * 'DE:zone:30', 'walk'. Returns 0 for implicit limits ('IN:urban'), 'none', 'signals' and anything unparseable,
 * so the class default applies.
 */
export function parseMaxspeed(value: string | undefined): number {
  if (value === undefined) return 0
  const v = firstValue(value).toLowerCase()
  const num = /^(\d+(?:\.\d+)?)\s*(mph|km\/h|kmh|kph|knots)?$/.exec(v)
  const digits = num?.[1]
  if (digits !== undefined) {
    const n = Number.parseFloat(digits)
    const unit = num?.[2]
    const kmh = unit === 'mph' ? n * 1.609344 : unit === 'knots' ? n * 1.852 : n
    return Math.min(255, Math.round(kmh))
  }
  if (v === 'walk') return 7
  const zoneKmh = /^[a-z]{2}:(?:zone:?|bicycle_road)?(\d+)$/.exec(v)?.[1]
  if (zoneKmh !== undefined) return Number.parseInt(zoneKmh, 10)
  // Implicit limits ('IN:urban', 'DE:rural', 'none', 'signals'...) say nothing numeric: the class default applies.
  return 0
}

/** Road tags worth keeping from the file (the rest are dropped at read time). */
export const ROAD_TAG_KEYS = new Set([
  'highway',
  'name',
  'ref',
  'access',
  'foot',
  'bicycle',
  'vehicle',
  'motor_vehicle',
  'motorcar',
  'oneway',
  'oneway:bicycle',
  'junction',
  'area',
  'lit',
  'sidewalk',
  'sidewalk:both',
  'sidewalk:left',
  'sidewalk:right',
  'maxspeed',
  'motorroad',
  'cycleway',
  'surface',
  'service',
  'footway',
  'tunnel',
  'bridge',
])
