import type { TriState } from './edge-features.ts'

/*
 * Helpers for the importer: OSM tags -> the values EdgeFeatures expects. Anything not understood is 'unknown' or
 * null, never a guess in either direction.
 */

type Tags = Readonly<Record<string, string | undefined>>

const LIT_YES = new Set(['yes', '24/7', 'automatic', 'sunset-sunrise', 'interval'])
const LIT_NO = new Set(['no', 'disused'])

/** `lit=*` -> yes / no / unknown. `limited` (lit only part of the night) and anything else is unknown. */
export function litFromTag(value: string | undefined): TriState {
  if (value === undefined) return 'unknown'
  const v = value.trim().toLowerCase()
  if (LIT_YES.has(v)) return 'yes'
  if (LIT_NO.has(v)) return 'no'
  return 'unknown'
}

const SIDEWALK_YES = new Set(['yes', 'both', 'left', 'right', 'separate'])
const SIDEWALK_NO = new Set(['no', 'none'])

/**
 * Sidewalk of a way from `sidewalk`, `sidewalk:both`, `sidewalk:left` and `sidewalk:right`: yes if any side has one,
 * no if every tagged side says none, else unknown. `separate` (mapped as its own footway) counts as yes.
 */
export function sidewalkFromTags(tags: Tags): TriState {
  let sawNo = false
  for (const key of ['sidewalk', 'sidewalk:both', 'sidewalk:left', 'sidewalk:right']) {
    const v = tags[key]?.trim().toLowerCase()
    if (v === undefined) continue
    if (SIDEWALK_YES.has(v)) return 'yes'
    if (SIDEWALK_NO.has(v)) sawNo = true
  }
  return sawNo ? 'no' : 'unknown'
}

/** `maxspeed=*` -> km/h: `50`, `30 mph`, `walk` (6). Zone codes (`IN:urban`), `none`, `signals`... -> null (unknown). */
export function maxspeedFromTag(value: string | undefined): number | null {
  if (value === undefined) return null
  const v = value.trim().toLowerCase()
  if (v === 'walk') return 6
  const match = /^(\d+(?:\.\d+)?)\s*(mph|km\/h|kmh|kph)?$/.exec(v)
  if (!match) return null
  const speed = Number(match[1]) * (match[2] === 'mph' ? 1.609344 : 1)
  return speed > 0 && speed <= 300 ? Math.round(speed) : null
}

/** What a POI counts as for {@link EdgeFeatures} counts (a place can be several, e.g. a 24 h pharmacy). */
export interface PoiKinds {
  shop: boolean
  food: boolean
  transport: boolean
  help: boolean
  open24h: boolean
  camera: boolean
}

const FOOD = new Set(['restaurant', 'cafe', 'fast_food'])
const HELP = new Set(['police', 'hospital', 'clinic', 'pharmacy'])

/** Classifies an OSM node/way by its tags; all false for a place the model does not use. */
export function poiKinds(tags: Tags): PoiKinds {
  const amenity = tags.amenity
  return {
    shop: tags.shop !== undefined && tags.shop !== 'no' && tags.shop !== 'vacant',
    food: amenity !== undefined && FOOD.has(amenity),
    transport:
      tags.highway === 'bus_stop' ||
      tags.railway === 'station' ||
      tags.railway === 'halt' ||
      tags.public_transport === 'station' ||
      tags.public_transport === 'platform',
    help: amenity !== undefined && HELP.has(amenity),
    open24h: tags.opening_hours?.trim() === '24/7',
    camera: tags.man_made === 'surveillance',
  }
}
