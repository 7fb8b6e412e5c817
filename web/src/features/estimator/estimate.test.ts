import { FACTOR_NAMES, type SafetyFactors, safetyScore } from '@wings/safety'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answer, failure, offContract, requests, server, unreachable } from '../../test/api.ts'
import { type EstimateInput, estimate, estimatorProblems, factorProblem, localEstimate, scoreText } from './estimate.ts'

const PLACES = { lat1: 19.076, lon1: 72.8777, lat2: 18.922, lon2: 72.8347 }

/** A seeded generator, so a failure can be replayed. */
function seeded(seed: number) {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648
  }
}

function randomFactors(random: () => number): SafetyFactors {
  const f = {} as SafetyFactors
  for (const name of FACTOR_NAMES) f[name] = 1 + Math.round(random() * 990) / 10
  return f
}

describe('estimate', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it("the phone's score equals the model's safetyScore (no time argument), for 200 random inputs", () => {
    const random = seeded(42)
    for (let i = 0; i < 200; i++) {
      const factors = randomFactors(random)
      expect(localEstimate({ ...PLACES, ...factors })).toBe(safetyScore(factors))
    }
  })

  it('online: sends the spec fields to POST /api/predict and uses its safety_score', async () => {
    const predict = answer('predict', { safety_score: 64.2 })
    server.use(predict)
    const input: EstimateInput = {
      ...PLACES,
      light_intensity: 80,
      traffic_density: 40,
      crowd_density: 60,
      crime_rate: 20,
      accident_rate: 10,
    }
    await expect(estimate(input)).resolves.toEqual({ score: 64.2, source: 'server' })
    expect(requests()).toEqual(['POST /api/predict'])
    expect(predict.calls[0]?.body).toEqual(input)
  })

  it('offline (navigator.onLine false): computes on the phone without calling the server', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const factors = { light_intensity: 30, traffic_density: 70, crowd_density: 15, crime_rate: 55, accident_rate: 40 }
    await expect(estimate({ ...PLACES, ...factors })).resolves.toEqual({ score: safetyScore(factors), source: 'phone' })
    expect(requests()).toEqual([])
  })

  it('a network error or an unreachable server (503) falls back to the phone', async () => {
    const factors = { light_intensity: 90, traffic_density: 35, crowd_density: 70, crime_rate: 10, accident_rate: 12 }
    server.use(unreachable('predict', { once: true }))
    await expect(estimate({ ...PLACES, ...factors })).resolves.toEqual({ score: safetyScore(factors), source: 'phone' })
    server.use(answer('predict', failure(503)))
    await expect(estimate({ ...PLACES, ...factors })).resolves.toEqual({ score: safetyScore(factors), source: 'phone' })
  })

  it('a real server failure (500, 400 or an unreadable answer) is thrown, not hidden', async () => {
    const input = {
      ...PLACES,
      light_intensity: 1,
      traffic_density: 1,
      crowd_density: 1,
      crime_rate: 1,
      accident_rate: 1,
    }
    server.use(answer('predict', failure(500, 'boom'), { once: true }))
    await expect(estimate(input)).rejects.toThrow()
    server.use(answer('predict', offContract({ nothing: true })))
    await expect(estimate(input)).rejects.toThrow()
  })

  it("shows 'Safety Score: N%' rounded", () => {
    expect(scoreText(72.5)).toBe('Safety Score: 73%')
    expect(scoreText(72.49)).toBe('Safety Score: 72%')
    expect(scoreText(100)).toBe('Safety Score: 100%')
  })
})

describe('factor validation', () => {
  it("uses the model's own rules: required, a number from 1 to 100", () => {
    expect(factorProblem('light_intensity', '')).toBe('Light intensity is required')
    expect(factorProblem('crime_rate', '0')).toBe('Crime rate must be a number from 1 to 100')
    expect(factorProblem('crime_rate', '101')).toBe('Crime rate must be a number from 1 to 100')
    expect(factorProblem('accident_rate', 'abc')).toBe('Accident rate must be a number from 1 to 100')
    expect(factorProblem('traffic_density', '1')).toBeUndefined()
    expect(factorProblem('traffic_density', '100')).toBeUndefined()
    expect(factorProblem('crowd_density', '42.5')).toBeUndefined()
  })

  it('checks every factor and the source coordinates', () => {
    const problems = estimatorProblems({
      lat1: '95',
      lon1: '',
      light_intensity: '',
      traffic_density: '50',
      crowd_density: '200',
      crime_rate: '1',
      accident_rate: '-3',
    })
    expect(problems).toEqual({
      lat1: 'Source latitude must be a number from -90 to 90',
      lon1: 'Source longitude is required',
      light_intensity: 'Light intensity is required',
      crowd_density: 'Crowd density must be a number from 1 to 100',
      accident_rate: 'Accident rate must be a number from 1 to 100',
    })
  })
})
