/**
 * What the /routecalculation page shows, computed from the safety model's own exports so the page cannot drift
 * from the code: weight rows, hour bands, factor curves and example streets.
 */
import {
  accidentGoodness,
  crimeGoodness,
  crowdGoodness,
  DEFAULT_WEIGHTS,
  type EdgeFeatures,
  edgeScore,
  FACTOR_DIRECTIONS,
  FACTOR_NAMES,
  type FactorDirection,
  type FactorName,
  type FactorWeights,
  lightGoodness,
  periodOfHour,
  TIMES_OF_DAY,
  type TimeOfDay,
  trafficGoodness,
  WEIGHTS,
} from '@wings/safety'
import type { t } from './messages.ts'

/** A message of this page (the page says it with useT, so it follows her language). */
export type ModelKey = Parameters<typeof t>[0]

export const FACTOR_TITLES: Record<FactorName, ModelKey> = {
  light_intensity: 'factorLight',
  traffic_density: 'factorTraffic',
  crowd_density: 'factorPeople',
  crime_rate: 'factorCrime',
  accident_rate: 'factorAccidents',
}

/** What each factor means, and what its ends mean. Typed by factor, so a new factor cannot be left out. */
export const FACTOR_MEANINGS: Record<FactorName, { meaning: ModelKey; low: ModelKey; high: ModelKey }> = {
  light_intensity: { meaning: 'lightMeaning', low: 'lightLow', high: 'lightHigh' },
  traffic_density: { meaning: 'trafficMeaning', low: 'trafficLow', high: 'trafficHigh' },
  crowd_density: { meaning: 'peopleMeaning', low: 'peopleLow', high: 'peopleHigh' },
  crime_rate: { meaning: 'crimeMeaning', low: 'veryLow', high: 'veryHigh' },
  accident_rate: { meaning: 'accidentMeaning', low: 'veryLow', high: 'veryHigh' },
}

export const DIRECTION_TEXT: Record<FactorDirection, ModelKey> = {
  'higher-is-safer': 'higherIsSafer',
  'lower-is-safer': 'lowerIsSafer',
  'moderate-is-safest': 'moderateIsSafest',
}

export const directionOf = (name: FactorName) => DIRECTION_TEXT[FACTOR_DIRECTIONS[name]]

export const PERIOD_TITLES: Record<TimeOfDay, ModelKey> = {
  day: 'periodDay',
  evening: 'periodEvening',
  night: 'periodNight',
}

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`
const end = (h: number) => `${String((h + 23) % 24).padStart(2, '0')}:59`

/** The clock hours of a period, as the model's periodOfHour defines them: e.g. '18:00-21:59, 05:00-06:59'. */
export function hoursOf(period: TimeOfDay): string {
  const ranges: Array<[number, number]> = []
  for (let h = 0; h < 24; h++) {
    if (periodOfHour(h) !== period) continue
    const last = ranges[ranges.length - 1]
    if (last && last[1] === h) last[1] = h + 1
    else ranges.push([h, h + 1])
  }
  // A band running past midnight (night: 22:00-04:59) is one range, not two.
  const first = ranges[0]
  const last = ranges[ranges.length - 1]
  if (ranges.length > 1 && first && last && first[0] === 0 && last[1] === 24) {
    ranges.pop()
    first[0] = last[0]
  }
  ranges.sort((a, b) => (a[0] >= 18 ? -1 : b[0] >= 18 ? 1 : a[0] - b[0]))
  return ranges.map(([from, to]) => `${hh(from)}-${end(to)}`).join(', ')
}

export interface WeightRow {
  key: TimeOfDay | 'none'
  title: ModelKey
  hours: string
  weights: FactorWeights
}

/** Every weight row of the model: the three periods and the estimator's (no time given). */
export function weightRows(): WeightRow[] {
  return [
    ...TIMES_OF_DAY.map((t) => ({ key: t, title: PERIOD_TITLES[t], hours: hoursOf(t), weights: WEIGHTS[t] })),
    { key: 'none' as const, title: 'periodNone' as const, hours: 'any', weights: DEFAULT_WEIGHTS },
  ]
}

const GOODNESS: Record<FactorName, (v: number) => number> = {
  light_intensity: lightGoodness,
  traffic_density: trafficGoodness,
  crowd_density: crowdGoodness,
  crime_rate: crimeGoodness,
  accident_rate: accidentGoodness,
}

export const CURVE_POINTS = [1, 25, 40, 50, 75, 100] as const

/** The share of its weight (0..100 %) a factor gives at each of CURVE_POINTS. */
export function curveOf(name: FactorName): number[] {
  return CURVE_POINTS.map((v) => Math.round(GOODNESS[name](v) * 100))
}

export interface ExampleStreet {
  title: ModelKey
  features: EdgeFeatures
}

export const EXAMPLE_STREETS: readonly ExampleStreet[] = [
  { title: 'exampleUnlit', features: { roadClass: 'residential', lit: 'no' } },
  { title: 'exampleUnmapped', features: { roadClass: 'residential' } },
  { title: 'exampleLit', features: { roadClass: 'residential', lit: 'yes' } },
  { title: 'exampleFootpath', features: { roadClass: 'footway' } },
  {
    title: 'exampleMainRoad',
    features: {
      roadClass: 'primary',
      lit: 'yes',
      sidewalk: 'yes',
      shops: 10,
      food: 6,
      transport: 3,
      open24h: 2,
      help: 1,
    },
  },
  { title: 'exampleFastRoad', features: { roadClass: 'trunk', maxspeed: 80 } },
  {
    title: 'exampleReports',
    features: { roadClass: 'residential', incidentDensity: 8 },
  },
]

export function exampleScores(features: EdgeFeatures): Record<TimeOfDay, number> {
  return {
    day: Math.round(edgeScore(features, 'day')),
    evening: Math.round(edgeScore(features, 'evening')),
    night: Math.round(edgeScore(features, 'night')),
  }
}

export { FACTOR_NAMES, TIMES_OF_DAY }
