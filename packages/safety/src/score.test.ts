import { seededRandom } from '@wings/geo/testing'
import { describe, expect, it } from 'vitest'
import { SafetyInputError } from './errors.ts'
import { FACTOR_DIRECTIONS, FACTOR_NAMES, type SafetyFactors, TRAFFIC_SWEET_SPOT } from './factors.ts'
import { DEFAULT_WEIGHTS, safetyScore, scoreBreakdown, WEIGHTS } from './score.ts'
import { randomFactor } from './test-random.ts'
import { TIMES_OF_DAY } from './time-of-day.ts'

const times = [undefined, ...TIMES_OF_DAY] as const

function randomFactors(rand: () => number): SafetyFactors {
  return {
    light_intensity: randomFactor(rand),
    traffic_density: randomFactor(rand),
    crowd_density: randomFactor(rand),
    crime_rate: randomFactor(rand),
    accident_rate: randomFactor(rand),
  }
}

const mid: SafetyFactors = {
  light_intensity: 50,
  traffic_density: 50,
  crowd_density: 50,
  crime_rate: 50,
  accident_rate: 50,
}

describe('weights', () => {
  it.each([['default', DEFAULT_WEIGHTS], ...Object.entries(WEIGHTS)])(
    '%s weights are positive and sum to 100',
    (_name, weights) => {
      const values = FACTOR_NAMES.map((n) => weights[n])
      expect(values.every((v) => v > 0)).toBe(true)
      expect(values.reduce((a, b) => a + b, 0)).toBe(100)
    },
  )

  it('night weighs lighting and people more than day', () => {
    expect(WEIGHTS.night.light_intensity).toBeGreaterThan(WEIGHTS.day.light_intensity)
    expect(WEIGHTS.night.crowd_density).toBeGreaterThan(WEIGHTS.day.crowd_density)
    expect(WEIGHTS.evening.light_intensity).toBeGreaterThan(WEIGHTS.day.light_intensity)
  })
})

describe('safetyScore', () => {
  it('stays within 0..100 and is never NaN (2,000 seeded cases per time)', () => {
    const rand = seededRandom(1)
    const bad: number[] = []
    for (const time of times) {
      for (let i = 0; i < 2000; i++) {
        const score = safetyScore(randomFactors(rand), time)
        if (!(score >= 0 && score <= 100)) bad.push(score)
      }
    }
    expect(bad).toEqual([])
  })

  it('is 100 for the best factors and low for the worst', () => {
    const best = {
      light_intensity: 100,
      traffic_density: TRAFFIC_SWEET_SPOT,
      crowd_density: 100,
      crime_rate: 1,
      accident_rate: 1,
    }
    const worst = { light_intensity: 1, traffic_density: 100, crowd_density: 1, crime_rate: 100, accident_rate: 100 }
    for (const time of times) {
      expect(safetyScore(best, time)).toBeCloseTo(100, 9)
      expect(safetyScore(worst, time)).toBeLessThan(5)
    }
  })

  it('gives the same score for the same input (no hidden state, no +25.79)', () => {
    expect(safetyScore(mid)).toBe(safetyScore({ ...mid }))
    expect(safetyScore(mid)).toBeCloseTo(60.82, 2)
  })

  it('ignores the estimator coordinates that come with the factors', () => {
    const body = { lat1: 18.96, lon1: 72.81, lat2: 18.97, lon2: 72.82, ...mid }
    expect(safetyScore(body)).toBe(safetyScore(mid))
  })

  for (const name of FACTOR_NAMES) {
    it(`moves the right way with ${name} (${FACTOR_DIRECTIONS[name]}), 500 seeded pairs per time`, () => {
      const rand = seededRandom(name.length * 7919)
      for (const time of times) {
        for (let i = 0; i < 500; i++) {
          const base = randomFactors(rand)
          let a = randomFactor(rand)
          let b = randomFactor(rand)
          if (a > b) [a, b] = [b, a]
          const low = safetyScore({ ...base, [name]: a }, time)
          const high = safetyScore({ ...base, [name]: b }, time)
          const direction = FACTOR_DIRECTIONS[name]
          if (direction === 'higher-is-safer') expect(high).toBeGreaterThanOrEqual(low)
          else if (direction === 'lower-is-safer') expect(high).toBeLessThanOrEqual(low)
          else if (b <= TRAFFIC_SWEET_SPOT) expect(high).toBeGreaterThanOrEqual(low)
          else if (a >= TRAFFIC_SWEET_SPOT) expect(high).toBeLessThanOrEqual(low)
        }
      }
    })
  }

  it('strictly rewards light and people, strictly penalises crime and accidents', () => {
    expect(safetyScore({ ...mid, light_intensity: 60 })).toBeGreaterThan(safetyScore(mid))
    expect(safetyScore({ ...mid, crowd_density: 60 })).toBeGreaterThan(safetyScore(mid))
    expect(safetyScore({ ...mid, crime_rate: 60 })).toBeLessThan(safetyScore(mid))
    expect(safetyScore({ ...mid, accident_rate: 60 })).toBeLessThan(safetyScore(mid))
  })

  it('scores moderate traffic above none and above heavy traffic', () => {
    const at = (traffic_density: number) => safetyScore({ ...mid, traffic_density })
    expect(at(TRAFFIC_SWEET_SPOT)).toBeGreaterThan(at(1))
    expect(at(TRAFFIC_SWEET_SPOT)).toBeGreaterThan(at(100))
    expect(at(1)).toBeGreaterThan(at(100))
  })

  it('lets lighting move the score more at night than by day', () => {
    const gain = (time: 'day' | 'night') =>
      safetyScore({ ...mid, light_intensity: 90 }, time) - safetyScore({ ...mid, light_intensity: 10 }, time)
    expect(gain('night')).toBeGreaterThan(2 * gain('day'))
  })

  it.each([
    ['light_intensity', 0, 'Light intensity must be a number from 1 to 100'],
    ['traffic_density', 101, 'Traffic density must be a number from 1 to 100'],
    ['crowd_density', Number.NaN, 'Crowd density must be a number from 1 to 100'],
    ['crime_rate', Number.POSITIVE_INFINITY, 'Crime rate must be a number from 1 to 100'],
    ['accident_rate', '50', 'Accident rate must be a number from 1 to 100'],
    ['accident_rate', undefined, 'Accident rate is required'],
    ['crime_rate', null, 'Crime rate is required'],
    ['light_intensity', -5, 'Light intensity must be a number from 1 to 100'],
  ])('rejects %s = %s', (field, value, message) => {
    const bad = { ...mid, [field]: value } as unknown as SafetyFactors
    expect(() => safetyScore(bad)).toThrow(SafetyInputError)
    try {
      safetyScore(bad)
    } catch (error) {
      expect(error).toMatchObject({ field, message, code: 'INVALID_SAFETY_INPUT' })
    }
  })

  it('rejects a non-object and a bad time', () => {
    expect(() => safetyScore(null as unknown as SafetyFactors)).toThrow(SafetyInputError)
    expect(() => safetyScore(mid, 24)).toThrow(SafetyInputError)
    expect(() => safetyScore(mid, 'noon' as never)).toThrow(SafetyInputError)
  })
})

describe('scoreBreakdown', () => {
  it('splits the score into points per factor that sum to it', () => {
    const rand = seededRandom(99)
    for (let i = 0; i < 100; i++) {
      const f = randomFactors(rand)
      const b = scoreBreakdown(f, 'night')
      const sum = FACTOR_NAMES.reduce((s, n) => s + b.points[n], 0)
      expect(sum).toBeCloseTo(b.score, 9)
      expect(b.score).toBe(safetyScore(f, 'night'))
      for (const n of FACTOR_NAMES) {
        expect(b.points[n] + b.lost[n]).toBeCloseTo(WEIGHTS.night[n], 9)
        expect(b.points[n]).toBeGreaterThanOrEqual(0)
      }
    }
    expect(scoreBreakdown(mid).timeOfDay).toBeNull()
    expect(scoreBreakdown(mid).weights).toBe(DEFAULT_WEIGHTS)
  })
})
