import { describe, expect, it } from 'vitest'
import { differenceText, routeDifferences } from './compare.ts'
import type { ShownRoute } from './state.ts'

const route = (duration: number, safetyScore: number, lit: number, unlit: number, incidents: number): ShownRoute => ({
  geometry: 'x',
  label: 'Fastest',
  safetyScore,
  summary: { distance: 1000, duration },
  safety: {
    unlitMeters: 0,
    litMeters: 0,
    litStreets: lit,
    unlitStreets: unlit,
    incidentsNearby: incidents,
    lowestScoreStretch: { score: 50, meters: 100 },
    reasons: [],
  },
})

describe('how a card differs from route 1', () => {
  const first = route(600, 60, 1, 2, 1)
  it('says time, score, lit and unlit streets and reported places, in plain words', () => {
    expect(differenceText(route(840, 66, 3, 1, 0), 1, first)).toBe(
      '4 min longer, 6 points safer, 2 more lit streets, 1 fewer unlit street, avoids 1 reported place than route 1.',
    )
    expect(routeDifferences(route(540, 59, 0, 2, 3), first)).toEqual([
      '1 min shorter',
      '1 point less safe',
      '1 fewer lit street',
      'passes 2 more reported places',
    ])
  })
  it('says the first is what the others are compared with, and a same route is much the same', () => {
    expect(differenceText(first, 0, first)).toBe('The quickest way: the others are compared with it.')
    expect(differenceText(route(610, 60, 1, 2, 1), 1, first)).toBe('Much the same as route 1 in time and safety.')
  })
  it('a reopened saved route (no safety details) compares time and score only', () => {
    const saved: ShownRoute = { ...route(900, 70, 0, 0, 0), safety: undefined as never }
    delete (saved as { safety?: unknown }).safety
    expect(routeDifferences(saved, first)).toEqual(['5 min longer', '10 points safer'])
  })
})
