import { seededRandom } from '@wings/geo/testing'
import { describe, expect, it } from 'vitest'
import { factorsFromFeatures, RATING_MAX_POINTS } from './edge-factors.ts'
import { COUNT_FIELDS, type EdgeFeatures, ROAD_CLASSES, type TriState } from './edge-features.ts'
import { SafetyInputError } from './errors.ts'
import { FACTOR_NAMES } from './factors.ts'
import { edgeScore } from './risk.ts'
import { randomFeatures } from './test-random.ts'
import { TIMES_OF_DAY } from './time-of-day.ts'

const unlitEmpty: EdgeFeatures = { roadClass: 'residential', lit: 'no' }
const litBusy: EdgeFeatures = {
  roadClass: 'primary',
  lit: 'yes',
  sidewalk: 'yes',
  shops: 10,
  food: 6,
  transport: 3,
  open24h: 2,
  help: 1,
}

describe('factorsFromFeatures', () => {
  it('gives five factors within 1..100, never NaN (3,000 seeded edges per time)', () => {
    const rand = seededRandom(5)
    let lowest = Number.POSITIVE_INFINITY
    let highest = Number.NEGATIVE_INFINITY
    let nan = 0
    for (const time of TIMES_OF_DAY) {
      for (let i = 0; i < 3000; i++) {
        const f = factorsFromFeatures(randomFeatures(rand), time)
        for (const name of FACTOR_NAMES) {
          if (Number.isNaN(f[name])) nan++
          lowest = Math.min(lowest, f[name])
          highest = Math.max(highest, f[name])
        }
      }
    }
    expect(nan).toBe(0)
    expect(lowest).toBeGreaterThanOrEqual(1)
    expect(highest).toBeLessThanOrEqual(100)
  })

  it('treats unknown lighting as a middle value, between lit and unlit, for every road class', () => {
    for (const roadClass of ROAD_CLASSES) {
      for (const time of ['evening', 'night'] as const) {
        const light = (lit: TriState) => factorsFromFeatures({ roadClass, lit }, time).light_intensity
        expect(light('unknown')).toBeGreaterThan(light('no'))
        expect(light('unknown')).toBeLessThan(light('yes'))
        const score = (lit: TriState) => edgeScore({ roadClass, lit }, time)
        expect(score('unknown')).toBeGreaterThan(score('no'))
        expect(score('unknown')).toBeLessThan(score('yes'))
      }
      // By day, daylight: the tag does not matter.
      expect(edgeScore({ roadClass, lit: 'no' }, 'day')).toBe(edgeScore({ roadClass, lit: 'yes' }, 'day'))
    }
  })

  it('treats missing lit and sidewalk as unknown', () => {
    expect(edgeScore({ roadClass: 'residential' }, 'night')).toBe(
      edgeScore({ roadClass: 'residential', lit: 'unknown', sidewalk: 'unknown' }, 'night'),
    )
  })

  it('scores an unlit empty street lower at night than in the evening, and lower in the evening than by day', () => {
    const day = edgeScore(unlitEmpty, 'day')
    const evening = edgeScore(unlitEmpty, 'evening')
    const night = edgeScore(unlitEmpty, 'night')
    expect(evening).toBeLessThan(day)
    expect(night).toBeLessThan(evening)
    expect(day - night).toBeGreaterThan(20)
  })

  it('changes a lit busy street little between day and night', () => {
    expect(Math.abs(edgeScore(litBusy, 'day') - edgeScore(litBusy, 'night'))).toBeLessThan(5)
    expect(edgeScore(litBusy, 'night')).toBeGreaterThan(edgeScore(unlitEmpty, 'night') + 30)
  })

  it('sees people at night only where places stay open', () => {
    const shopsOnly = { roadClass: 'residential', shops: 20 }
    const open24 = { roadClass: 'residential', open24h: 2 }
    expect(factorsFromFeatures(shopsOnly, 'day').crowd_density).toBeGreaterThan(
      factorsFromFeatures(shopsOnly, 'night').crowd_density + 30,
    )
    expect(factorsFromFeatures(open24, 'night').crowd_density).toBeGreaterThan(
      factorsFromFeatures({ roadClass: 'residential' }, 'night').crowd_density + 10,
    )
  })

  it('never lowers the score for more places nearby (seeded, every count and time)', () => {
    const rand = seededRandom(17)
    for (const time of TIMES_OF_DAY) {
      for (let i = 0; i < 400; i++) {
        const base = randomFeatures(rand)
        for (const key of COUNT_FIELDS) {
          const more = { ...base, [key]: (base[key] ?? 0) + 1 + Math.floor(rand() * 5) }
          expect(edgeScore(more, time)).toBeGreaterThanOrEqual(edgeScore(base, time) - 1e-9)
        }
      }
    }
  })

  it('raises crime_rate and lowers the score with reported incidents; help and cameras lower crime_rate', () => {
    const rand = seededRandom(23)
    for (let i = 0; i < 400; i++) {
      const base = randomFeatures(rand)
      const time = TIMES_OF_DAY[i % 3] as (typeof TIMES_OF_DAY)[number]
      const more = { ...base, incidentDensity: (base.incidentDensity ?? 0) + 0.5 + rand() * 10 }
      expect(factorsFromFeatures(more, time).crime_rate).toBeGreaterThan(factorsFromFeatures(base, time).crime_rate)
      expect(edgeScore(more, time)).toBeLessThanOrEqual(edgeScore(base, time))
    }
    const plain = factorsFromFeatures({ roadClass: 'residential' }, 'night').crime_rate
    expect(plain).toBe(30) // the prior: no report is not proof of safety
    expect(factorsFromFeatures({ roadClass: 'residential', help: 1 }, 'night').crime_rate).toBeLessThan(plain)
    expect(factorsFromFeatures({ roadClass: 'residential', cameras: 2 }, 'night').crime_rate).toBeLessThan(plain)
  })

  it('orders sidewalks yes > unknown > no and penalises speed on roads with traffic', () => {
    for (const time of TIMES_OF_DAY) {
      const s = (sidewalk: TriState) => edgeScore({ roadClass: 'secondary', sidewalk }, time)
      expect(s('yes')).toBeGreaterThan(s('unknown'))
      expect(s('unknown')).toBeGreaterThan(s('no'))
      const v = (maxspeed: number) => edgeScore({ roadClass: 'secondary', maxspeed }, time)
      expect(v(30)).toBeGreaterThan(v(50))
      expect(v(50)).toBeGreaterThan(v(70))
    }
  })

  it('adds a bounded rating term of at most 10 points', () => {
    const base = { roadClass: 'residential' }
    const at = (ratingFeedback: number) => edgeScore({ ...base, ratingFeedback }, 'night')
    expect(at(1) - at(0)).toBeCloseTo(RATING_MAX_POINTS, 9)
    expect(at(0) - at(-1)).toBeCloseTo(RATING_MAX_POINTS, 9)
    expect(at(0.5)).toBeGreaterThan(at(0))
    expect(edgeScore({ ...litBusy, ratingFeedback: 1 }, 'day')).toBeLessThanOrEqual(100)
  })

  it('gives _link roads their parent class and unknown classes a middle profile', () => {
    expect(edgeScore({ roadClass: 'primary_link' }, 'night')).toBe(edgeScore({ roadClass: 'primary' }, 'night'))
    expect(edgeScore({ roadClass: 'some_new_value' }, 'night')).toBe(edgeScore({ roadClass: 'other' }, 'night'))
  })

  it.each([
    [{ roadClass: 3 }, 'features.roadClass'],
    [{ roadClass: 'residential', lit: 'maybe' }, 'features.lit'],
    [{ roadClass: 'residential', sidewalk: 'both' }, 'features.sidewalk'],
    [{ roadClass: 'residential', shops: -1 }, 'features.shops'],
    [{ roadClass: 'residential', cameras: Number.NaN }, 'features.cameras'],
    [{ roadClass: 'residential', maxspeed: 0 }, 'features.maxspeed'],
    [{ roadClass: 'residential', incidentDensity: -0.1 }, 'features.incidentDensity'],
    [{ roadClass: 'residential', ratingFeedback: 1.5 }, 'features.ratingFeedback'],
    [null, 'features'],
  ])('rejects %j', (features, field) => {
    expect(() => factorsFromFeatures(features as EdgeFeatures, 'night')).toThrow(SafetyInputError)
    expect(() => edgeScore(features as EdgeFeatures, 'night')).toThrow(expect.objectContaining({ field }))
  })
})
