import {
  type EdgeFeatures,
  ROAD_CLASSES,
  type RoadClass,
  roadClassCode,
  triStateCode,
  validateEdgeFeatures,
} from './edge-features.ts'
import type { SafetyFactors } from './factors.ts'
import { type TimeInput, type TimeOfDay, type TimeOptions, timeOfDay } from './time-of-day.ts'

/*
 * Edge features -> the five factors. Every constant is here, with its reason; docs/safety-model.md explains the
 * whole mapping. The numbers are judgement calls calibrated on plausible streets, not fitted to data (there is none
 * yet for these cities): they are meant to rank streets sensibly and to be explained, not to be precise.
 */

/** Per road class: what to assume about it when nothing else is known. */
export interface RoadClassProfile {
  /** traffic_density by day (1..100). */
  traffic: number
  /** crowd_density by day with no places nearby: people using the road itself. */
  people: number
  /** accident_rate for a person on foot along it, at its usual speed. */
  accident: number
  /** Usual speed limit (km/h); a tagged maxspeed above it raises accident_rate, below it lowers it. */
  usualSpeed: number
  /** Whether motor traffic uses it (then a sidewalk matters for accident_rate). */
  motorised: boolean
  /** light_intensity at night when `lit` is unknown: a prior between unlit (6) and lit (82) by how often such roads are lit. */
  unknownLight: number
}

export const ROAD_CLASS_PROFILES: Readonly<Record<RoadClass, RoadClassProfile>> = {
  other: { traffic: 25, people: 18, accident: 25, usualSpeed: 40, motorised: true, unknownLight: 35 },
  motorway: { traffic: 90, people: 2, accident: 95, usualSpeed: 100, motorised: true, unknownLight: 45 },
  trunk: { traffic: 80, people: 15, accident: 75, usualSpeed: 80, motorised: true, unknownLight: 48 },
  primary: { traffic: 70, people: 35, accident: 55, usualSpeed: 60, motorised: true, unknownLight: 52 },
  secondary: { traffic: 58, people: 32, accident: 45, usualSpeed: 50, motorised: true, unknownLight: 50 },
  tertiary: { traffic: 45, people: 28, accident: 35, usualSpeed: 50, motorised: true, unknownLight: 46 },
  unclassified: { traffic: 28, people: 18, accident: 28, usualSpeed: 40, motorised: true, unknownLight: 35 },
  residential: { traffic: 22, people: 22, accident: 18, usualSpeed: 30, motorised: true, unknownLight: 40 },
  living_street: { traffic: 12, people: 28, accident: 8, usualSpeed: 15, motorised: true, unknownLight: 42 },
  service: { traffic: 12, people: 12, accident: 15, usualSpeed: 20, motorised: true, unknownLight: 30 },
  pedestrian: { traffic: 4, people: 40, accident: 4, usualSpeed: 10, motorised: false, unknownLight: 48 },
  footway: { traffic: 3, people: 18, accident: 5, usualSpeed: 10, motorised: false, unknownLight: 32 },
  path: { traffic: 2, people: 8, accident: 6, usualSpeed: 10, motorised: false, unknownLight: 22 },
  cycleway: { traffic: 6, people: 12, accident: 10, usualSpeed: 20, motorised: false, unknownLight: 30 },
  steps: { traffic: 2, people: 12, accident: 12, usualSpeed: 10, motorised: false, unknownLight: 28 },
  track: { traffic: 3, people: 4, accident: 8, usualSpeed: 30, motorised: true, unknownLight: 20 },
}

/** light_intensity of a street tagged lit=yes after dark (street lights are dimmer than daylight). */
export const LIT_LIGHT = 82
/** Ambient light by period: daylight, twilight, darkness. A street's light is the larger of this and its lamps. */
export const AMBIENT_LIGHT: Readonly<Record<TimeOfDay, number>> = { day: 92, evening: 35, night: 6 }

/** How much people use streets at this time, as a share of the daytime level. */
export const PEOPLE_BY_TIME: Readonly<Record<TimeOfDay, number>> = { day: 1, evening: 0.85, night: 0.4 }
/** Motor traffic at this time, as a share of the daytime level. */
export const TRAFFIC_BY_TIME: Readonly<Record<TimeOfDay, number>> = { day: 1, evening: 1, night: 0.5 }
/** Accident risk multiplier: drivers see people on foot less well after dark. */
export const ACCIDENT_BY_TIME: Readonly<Record<TimeOfDay, number>> = { day: 1, evening: 1.05, night: 1.15 }

/** How many 'people' each nearby place brings at this time (shops close at night; 24 h places do not). */
export const ACTIVITY_WEIGHTS: Readonly<
  Record<TimeOfDay, { shops: number; food: number; transport: number; help: number; open24h: number }>
> = {
  day: { shops: 1, food: 1, transport: 1.5, help: 0.5, open24h: 1 },
  evening: { shops: 0.7, food: 1.5, transport: 1.5, help: 0.5, open24h: 1.5 },
  night: { shops: 0.1, food: 0.4, transport: 0.5, help: 0.5, open24h: 2.5 },
}
/**
 * After dark, a shop or food place whose opening_hours were read counts by them instead of by its kind: closed at the
 * band's hour (BAND_HOURS), nothing; open, a place's daytime draw (1) times the people out at that time
 * (PEOPLE_BY_TIME), and the light of an open shop front (as shops' spill in the evening, food's at night). Day keeps
 * the kinds' weights (most places are open by day).
 */
export const OPEN_PLACE_WEIGHTS: Readonly<Record<TimeOfDay, { activity: number; spill: number }>> = {
  day: { activity: 0, spill: 0 },
  evening: { activity: 0.85, spill: 0.6 },
  night: { activity: 0.4, spill: 0.3 },
}
/** Activity at which places have brought crowd_density half-way from the road's own level to {@link CROWD_CEILING}. */
export const ACTIVITY_HALF = 8
export const CROWD_CEILING = 92

/** Light spilling from open shop fronts, cafes and 24 h places after dark. */
export const SPILL_WEIGHTS: Readonly<Record<TimeOfDay, { shops: number; food: number; open24h: number }>> = {
  day: { shops: 0, food: 0, open24h: 0 },
  evening: { shops: 0.6, food: 1, open24h: 1.5 },
  night: { shops: 0.05, food: 0.3, open24h: 2 },
}
/** At most this share of the gap to {@link SPILL_CEILING} is filled by spill light. */
export const SPILL_MAX_SHARE = 0.4
export const SPILL_HALF = 4
export const SPILL_CEILING = 88

/** Sidewalk multipliers of accident_rate on roads with motor traffic. */
export const SIDEWALK_ACCIDENT = { yes: 0.6, no: 1.3, unknown: 1 } as const
/** accident_rate points per km/h of speed limit above (or below) the road class's usual speed. */
export const ACCIDENT_PER_KMH = 0.8

/** crime_rate with no report nearby: a middle-low prior, because no report is not proof that nothing happens. */
export const CRIME_PRIOR = 30
/** crime_rate that reports push towards. */
export const CRIME_CEILING = 95
/** incidentDensity (weighted incidents per km) that brings crime_rate half-way from the prior to the ceiling. */
export const INCIDENT_HALF_DENSITY = 4
/** Largest share of crime_rate removed by police or medical help nearby, and by surveillance cameras. */
export const HELP_CRIME_REDUCTION = 0.25
export const CAMERA_CRIME_REDUCTION = 0.1

/** Largest number of points the users' rating feedback can add or remove from an edge's score. */
export const RATING_MAX_POINTS = 10

/** Pre-computed per-period tables, so the per-edge work is arithmetic only. */
export interface ModelTables {
  time: TimeOfDay
  ambient: number
  people: Float64Array
  traffic: Float64Array
  accident: Float64Array
  usualSpeed: Float64Array
  motorised: Uint8Array
  unknownLight: Float64Array
  activity: { shops: number; food: number; transport: number; help: number; open24h: number }
  spill: { shops: number; food: number; open24h: number }
  /** Whether places are counted by their opening hours (evening and night). */
  byHours: boolean
  openPlace: { activity: number; spill: number }
  accidentMult: number
}

function buildTables(time: TimeOfDay): ModelTables {
  const n = ROAD_CLASSES.length
  const t: ModelTables = {
    time,
    ambient: AMBIENT_LIGHT[time],
    people: new Float64Array(n),
    traffic: new Float64Array(n),
    accident: new Float64Array(n),
    usualSpeed: new Float64Array(n),
    motorised: new Uint8Array(n),
    unknownLight: new Float64Array(n),
    activity: ACTIVITY_WEIGHTS[time],
    spill: SPILL_WEIGHTS[time],
    byHours: time !== 'day',
    openPlace: OPEN_PLACE_WEIGHTS[time],
    accidentMult: ACCIDENT_BY_TIME[time],
  }
  ROAD_CLASSES.forEach((name, code) => {
    const p = ROAD_CLASS_PROFILES[name]
    t.people[code] = p.people * PEOPLE_BY_TIME[time]
    t.traffic[code] = p.traffic * TRAFFIC_BY_TIME[time]
    t.accident[code] = p.accident
    t.usualSpeed[code] = p.usualSpeed
    t.motorised[code] = p.motorised ? 1 : 0
    // Unknown lighting: by day daylight hides it; at twilight the prior is scaled between ambient and lit.
    t.unknownLight[code] =
      time === 'night'
        ? p.unknownLight
        : AMBIENT_LIGHT.evening + ((p.unknownLight - 6) / (LIT_LIGHT - 6)) * (LIT_LIGHT - AMBIENT_LIGHT.evening)
  })
  return t
}

const TABLES: Readonly<Record<TimeOfDay, ModelTables>> = {
  day: buildTables('day'),
  evening: buildTables('evening'),
  night: buildTables('night'),
}

export function modelTables(time: TimeOfDay): ModelTables {
  return TABLES[time]
}

/** x / (x + half): 0 at 0, 0.5 at `half`, towards 1; 0 for NaN or negatives, 1 for Infinity. */
function saturate(x: number, half: number): number {
  if (!(x > 0)) return 0
  if (x === Number.POSITIVE_INFINITY) return 1
  return x / (x + half)
}

function clampFactor(v: number): number {
  if (!(v > 1)) return 1
  return Math.min(v, 100)
}

/** x if positive, else 0 (also for NaN, where Math.max would give NaN). */
function nonNegative(x: number): number {
  if (x > 0) return x
  return 0
}

/** Slots of the scratch array written by {@link computeFactors}. */
export const LIGHT = 0
export const TRAFFIC = 1
export const CROWD = 2
export const CRIME = 3
export const ACCIDENT = 4

/**
 * The hot path: coded features -> the five factors, written into `out` (length >= 5). Never throws and never yields
 * NaN: bad values read as their default. Shared by the object API and {@link fillRiskArray}, so both agree exactly.
 */
export function computeFactors(
  t: ModelTables,
  roadClass: number,
  maxspeed: number,
  lit: number,
  sidewalk: number,
  shops: number,
  food: number,
  transport: number,
  help: number,
  open24h: number,
  cameras: number,
  incidentDensity: number,
  hoursShops: number,
  hoursFood: number,
  openNow: number,
  unserved: number,
  out: Float64Array,
): void {
  const c = roadClass >= 0 && roadClass < ROAD_CLASSES.length ? roadClass | 0 : 0
  // After dark, places with known hours leave their kind's count and count as open (openNow) or not at all.
  const byHours = t.byHours
  const s = byHours ? nonNegative(shops - nonNegative(hoursShops)) : nonNegative(shops)
  const f = byHours ? nonNegative(food - nonNegative(hoursFood)) : nonNegative(food)
  const open = byHours ? nonNegative(openNow) : 0
  const stops = byHours ? nonNegative(transport - nonNegative(unserved)) : nonNegative(transport)
  const o = nonNegative(open24h)

  // light_intensity: the larger of ambient light and street lights, plus light spilling from open places.
  const lamps = lit === 1 ? LIT_LIGHT : lit === 2 ? 0 : (t.unknownLight[c] as number)
  let light = Math.max(lamps, t.ambient)
  if (light < SPILL_CEILING) {
    const spill = t.spill.shops * s + t.spill.food * f + t.spill.open24h * o + t.openPlace.spill * open
    light += (SPILL_CEILING - light) * SPILL_MAX_SHARE * saturate(spill, SPILL_HALF)
  }
  out[LIGHT] = clampFactor(light)

  // traffic_density: the road class's usual traffic at this time.
  out[TRAFFIC] = clampFactor(t.traffic[c] as number)

  // crowd_density: people using the road itself, plus people drawn by places open at this time.
  const a = t.activity
  const activity =
    a.shops * s +
    a.food * f +
    a.transport * stops +
    a.help * nonNegative(help) +
    a.open24h * o +
    t.openPlace.activity * open
  const base = t.people[c] as number
  out[CROWD] = clampFactor(base + (CROWD_CEILING - base) * saturate(activity, ACTIVITY_HALF))

  // crime_rate: a prior, raised by reported incidents, lowered a little by help and cameras nearby.
  const reported = CRIME_PRIOR + (CRIME_CEILING - CRIME_PRIOR) * saturate(incidentDensity, INCIDENT_HALF_DENSITY)
  const guarded = 1 - HELP_CRIME_REDUCTION * saturate(help, 1) - CAMERA_CRIME_REDUCTION * saturate(cameras, 2)
  out[CRIME] = clampFactor(reported * guarded)

  // accident_rate: the class's hazard, its speed limit against the usual one, the sidewalk, darkness.
  let accident = t.accident[c] as number
  if (maxspeed > 0 && maxspeed < 1000) accident += ACCIDENT_PER_KMH * (maxspeed - (t.usualSpeed[c] as number))
  if (t.motorised[c] === 1) {
    accident *=
      sidewalk === 1 ? SIDEWALK_ACCIDENT.yes : sidewalk === 2 ? SIDEWALK_ACCIDENT.no : SIDEWALK_ACCIDENT.unknown
  }
  out[ACCIDENT] = clampFactor(accident * t.accidentMult)
}

const scratch = new Float64Array(5)

/** Validated features -> factors in `out`. */
export function computeFeatureFactors(features: EdgeFeatures, time: TimeOfDay, out: Float64Array): void {
  computeFactors(
    TABLES[time],
    roadClassCode(features.roadClass),
    features.maxspeed ?? 0,
    triStateCode(features.lit),
    triStateCode(features.sidewalk),
    features.shops ?? 0,
    features.food ?? 0,
    features.transport ?? 0,
    features.help ?? 0,
    features.open24h ?? 0,
    features.cameras ?? 0,
    features.incidentDensity ?? 0,
    features.hoursShops ?? 0,
    features.hoursFood ?? 0,
    (time === 'night' ? features.openNight : time === 'evening' ? features.openEvening : 0) ?? 0,
    time === 'night' ? (features.unservedNight ?? 0) : 0,
    out,
  )
}

/**
 * Edge features at a time -> the five estimator factors (each 1..100). Throws {@link SafetyInputError} for invalid
 * features or time. `ratingFeedback` is not a factor: it is added to the edge's score (see edgeScore).
 */
export function factorsFromFeatures(features: EdgeFeatures, time: TimeInput, options?: TimeOptions): SafetyFactors {
  validateEdgeFeatures(features)
  computeFeatureFactors(features, timeOfDay(time, options), scratch)
  return {
    light_intensity: scratch[LIGHT] as number,
    traffic_density: scratch[TRAFFIC] as number,
    crowd_density: scratch[CROWD] as number,
    crime_rate: scratch[CRIME] as number,
    accident_rate: scratch[ACCIDENT] as number,
  }
}
