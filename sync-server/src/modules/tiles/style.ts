/**
 * The basemap style: a calm, light, OSM-Carto-like palette, so routes and safety colours drawn on top stand out.
 * Road widths are pixels at zoom 16 and scale by 2^(0.75 (z - 16)) (thinner than the ground at low zooms,
 * about the street's real width at 18-19).
 */
import { HIGHWAY_CLASSES, type HighwayClass } from '@wings/routing'

export const LAND = 0xf2efe9
export const WATER = 0xaad3df
export const GREEN = 0xc8e6c0
export const BUILDING = 0xd9d0c9
export const BUILDING_EDGE = 0xc4b6ab

/** Feature kinds in tiles.bin; roads are ROAD_KIND + index into HIGHWAY_CLASSES. */
export const KIND_GREEN = 0
export const KIND_WATER = 1
export const KIND_BUILDING = 2
export const ROAD_KIND = 16

export interface RoadStyle {
  /** Lowest zoom the class is drawn at. */
  minZoom: number
  /** Width in pixels at z16. */
  width: number
  fill: number
  /** Drawn underneath, 1-2 px wider, from z13 when the road is at least 2 px wide. */
  casing?: number
  /** Draw order among roads: higher on top. */
  rank: number
}

const WHITE = 0xffffff
const GREY_CASING = 0xb8b0a8
const MINOR: RoadStyle = { minZoom: 13, width: 6, fill: WHITE, casing: GREY_CASING, rank: 4 }
const PATH: RoadStyle = { minZoom: 15, width: 1.6, fill: 0xf08c7d, rank: 1 }

const STYLES: Partial<Record<HighwayClass, RoadStyle>> = {
  motorway: { minZoom: 0, width: 10, fill: 0xe892a2, casing: 0xc24e6b, rank: 10 },
  motorway_link: { minZoom: 10, width: 6, fill: 0xe892a2, casing: 0xc24e6b, rank: 9 },
  trunk: { minZoom: 0, width: 10, fill: 0xf9b29c, casing: 0xc84e2f, rank: 10 },
  trunk_link: { minZoom: 10, width: 6, fill: 0xf9b29c, casing: 0xc84e2f, rank: 9 },
  primary: { minZoom: 0, width: 9, fill: 0xfcd6a4, casing: 0xc99b5e, rank: 8 },
  primary_link: { minZoom: 10, width: 6, fill: 0xfcd6a4, casing: 0xc99b5e, rank: 7 },
  secondary: { minZoom: 10, width: 8, fill: 0xf7fabf, casing: 0xb9b97e, rank: 7 },
  secondary_link: { minZoom: 12, width: 6, fill: 0xf7fabf, casing: 0xb9b97e, rank: 6 },
  tertiary: { minZoom: 11, width: 7, fill: WHITE, casing: 0xa8a198, rank: 6 },
  tertiary_link: { minZoom: 12, width: 5, fill: WHITE, casing: 0xa8a198, rank: 5 },
  unclassified: MINOR,
  residential: MINOR,
  road: MINOR,
  busway: MINOR,
  living_street: { ...MINOR, width: 5, fill: 0xf4f4f4 },
  service: { minZoom: 14, width: 3.5, fill: WHITE, casing: GREY_CASING, rank: 3 },
  pedestrian: { minZoom: 14, width: 5, fill: 0xe6e4ee, casing: 0xb5b2c4, rank: 3 },
  track: { minZoom: 14, width: 1.8, fill: 0xa8875f, rank: 2 },
  cycleway: { ...PATH, fill: 0x7d97d8 },
  bridleway: { ...PATH, fill: 0x86a86f },
}

export function roadStyle(classIndex: number): RoadStyle {
  const name = HIGHWAY_CLASSES[classIndex]
  return (name && STYLES[name]) || PATH
}

/** Pixel width of a road of z16 width `w16` at zoom z. */
export function roadWidth(w16: number, z: number): number {
  return w16 * 2 ** (0.75 * (z - 16))
}

/** Below this zoom only roads with minZoom 0 (motorway, trunk, primary) are drawn and areas must be large. */
export const CHEAP_ZOOM = 10

/** Buildings appear from this zoom. */
export const BUILDING_MIN_ZOOM = 14
