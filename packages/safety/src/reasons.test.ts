import { describe, expect, it } from 'vitest'
import type { EdgeFeatures } from './edge-features.ts'
import { SafetyInputError } from './errors.ts'
import { formatDistance, type RouteEdge, routeSafetySummary } from './reasons.ts'
import { edgeScore } from './risk.ts'

const litBusy: EdgeFeatures = { roadClass: 'primary', lit: 'yes', sidewalk: 'yes', shops: 8, food: 4, transport: 2 }
const litQuiet: EdgeFeatures = { roadClass: 'residential', lit: 'yes' }
const unlitEmpty: EdgeFeatures = { roadClass: 'residential', lit: 'no' }
const unknownPlain: EdgeFeatures = { roadClass: 'residential' }
const edge = (length: number, features: EdgeFeatures): RouteEdge => ({ length, features })

describe('routeSafetySummary', () => {
  it('weights the score by length and rounds it, unaltered', () => {
    const edges = [edge(300, litBusy), edge(100, unlitEmpty)]
    const expected = (300 * edgeScore(litBusy, 'night') + 100 * edgeScore(unlitEmpty, 'night')) / 400
    const summary = routeSafetySummary(edges, 'night')
    expect(summary.score).toBe(Math.round(expected))
    expect(summary.lengthMeters).toBe(400)
    expect(summary.timeOfDay).toBe('night')
  })

  it('counts unlit and unknown-lighting metres separately', () => {
    const summary = routeSafetySummary([edge(120, unlitEmpty), edge(300, litQuiet), edge(80.4, unknownPlain)], 22)
    expect(summary.unlitMeters).toBe(120)
    expect(summary.unknownLightingMeters).toBe(80)
  })

  it("says 'Mostly lit streets' and 'Busy streets with shops and stops' for a lit busy route in the evening", () => {
    const summary = routeSafetySummary([edge(500, litBusy), edge(200, litBusy), edge(40, unknownPlain)], 'evening')
    expect(summary.reasons).toContain('Mostly lit streets')
    expect(summary.reasons).toContain('Busy streets with shops and stops')
    expect(summary.reasons.some((r) => r.includes('without street lights'))).toBe(false)
  })

  it('does not call a shopping street busy at night, when its shops are closed, unless places stay open', () => {
    const closed = routeSafetySummary([edge(700, litBusy)], 'night')
    expect(closed.reasons).toContain('Mostly lit streets')
    expect(closed.reasons).not.toContain('Busy streets with shops and stops')
    const open = routeSafetySummary([edge(700, { ...litBusy, food: 10, open24h: 3 })], 'night')
    expect(open.reasons).toContain('Busy streets with shops and stops')
  })

  it("says '420 m without street lights' and names empty streets at night", () => {
    const summary = routeSafetySummary([edge(200, litBusy), edge(250, unlitEmpty), edge(170, unlitEmpty)], 'night')
    expect(summary.unlitMeters).toBe(420)
    expect(summary.reasons[0]).toBe('420 m without street lights')
    expect(summary.reasons).toContain('420 m of empty streets at this hour')
    expect(summary.reasons).not.toContain('Mostly lit streets')
  })

  it('does not talk about street lights by day', () => {
    const summary = routeSafetySummary([edge(420, unlitEmpty), edge(600, litBusy)], 'day')
    expect(summary.unlitMeters).toBe(420)
    expect(summary.reasons.some((r) => /light/i.test(r))).toBe(false)
  })

  it('is honest when lighting is not mapped (Mumbai south)', () => {
    const summary = routeSafetySummary([edge(800, unknownPlain), edge(100, litQuiet)], 'night')
    expect(summary.reasons).toContain('Street lighting is not mapped for most of the route')
    expect(summary.reasons).not.toContain('Mostly lit streets')
    expect(summary.reasons.some((r) => r.includes('without street lights'))).toBe(false)
  })

  it.each([
    [2, '2 reported incidents nearby'],
    [1, '1 reported incident nearby'],
    [0, 'No incidents reported nearby'],
  ])('reports %i incidents as %s', (incidentsNearby, text) => {
    const summary = routeSafetySummary([edge(300, litQuiet)], 'evening', { incidentsNearby })
    expect(summary.reasons).toContain(text)
    if (incidentsNearby > 0) expect(summary.reasons[0]).toBe(text)
  })

  it('says nothing about incidents when their count is not given', () => {
    const summary = routeSafetySummary([edge(300, litQuiet)], 'evening')
    expect(summary.reasons.some((r) => /incident/.test(r))).toBe(false)
  })

  it('mentions help nearby, 24-hour places at night, fast traffic, missing footpaths and ratings', () => {
    const summary = routeSafetySummary(
      [
        edge(300, { roadClass: 'residential', help: 1, open24h: 1, ratingFeedback: 0.6 }),
        edge(100, { roadClass: 'residential', ratingFeedback: 0.6 }),
      ],
      'night',
    )
    expect(summary.reasons).toContain('Police or medical help nearby')
    expect(summary.reasons).toContain('24-hour places open along the way')
    expect(summary.reasons).toContain('Rated safe by other users')
    const risky = routeSafetySummary(
      [edge(1250, { roadClass: 'trunk', maxspeed: 80, sidewalk: 'no', ratingFeedback: -0.8 })],
      'day',
    )
    expect(risky.reasons).toContain('1.3 km along fast, heavy traffic')
    expect(risky.reasons).toContain('1.3 km without a footpath')
    expect(risky.reasons).toContain('Rated unsafe by other users')
  })

  it('keeps concerns before good news and at most 5 reasons', () => {
    const summary = routeSafetySummary(
      [
        edge(300, { ...litBusy, help: 1, open24h: 1 }),
        edge(200, { roadClass: 'trunk', lit: 'no', sidewalk: 'no', maxspeed: 80 }),
      ],
      'night',
      { incidentsNearby: 3 },
    )
    expect(summary.reasons.length).toBeLessThanOrEqual(5)
    expect(summary.reasons[0]).toBe('3 reported incidents nearby')
    expect(summary.reasons[1]).toBe('200 m without street lights')
  })

  it('finds the lowest-score stretch and grows it over similar neighbours', () => {
    const edges = [
      edge(400, litBusy),
      edge(60, unlitEmpty),
      edge(70, unlitEmpty),
      edge(50, unlitEmpty),
      edge(400, litBusy),
      edge(30, unknownPlain),
    ]
    const s = routeSafetySummary(edges, 'night').lowestScoreStretch
    expect(s).toMatchObject({ startIndex: 1, endIndex: 4, meters: 180 })
    expect(s.score).toBe(Math.round(edgeScore(unlitEmpty, 'night')))
  })

  it('uses the whole route as the stretch when it is shorter than 100 m, and handles zero lengths', () => {
    const short = routeSafetySummary([edge(30, litBusy), edge(40, unlitEmpty)], 'night')
    expect(short.lowestScoreStretch).toMatchObject({ startIndex: 0, endIndex: 2, meters: 70 })
    const zero = routeSafetySummary([edge(0, litBusy), edge(0, unlitEmpty)], 'night')
    expect(zero.score).toBe(Math.round((edgeScore(litBusy, 'night') + edgeScore(unlitEmpty, 'night')) / 2))
    expect(zero.lowestScoreStretch).toMatchObject({ startIndex: 1, endIndex: 2, meters: 0 })
  })

  it('keeps the score within 0..100 and scores a safer route higher', () => {
    const safe = routeSafetySummary([edge(500, litBusy)], 'night')
    const unsafe = routeSafetySummary([edge(500, unlitEmpty)], 'night', { incidentsNearby: 2 })
    expect(safe.score).toBeGreaterThan(unsafe.score)
    for (const s of [safe, unsafe]) {
      expect(s.score).toBeGreaterThanOrEqual(0)
      expect(s.score).toBeLessThanOrEqual(100)
    }
  })

  it('rejects an empty route, bad lengths, bad features, a bad incident count and a bad time', () => {
    expect(() => routeSafetySummary([], 'night')).toThrow(SafetyInputError)
    expect(() => routeSafetySummary([edge(-1, litBusy)], 'night')).toThrow(SafetyInputError)
    expect(() => routeSafetySummary([edge(Number.NaN, litBusy)], 'night')).toThrow(SafetyInputError)
    expect(() => routeSafetySummary([edge(10, { roadClass: 'residential', lit: 'dim' as never })], 'night')).toThrow(
      SafetyInputError,
    )
    expect(() => routeSafetySummary([edge(10, litBusy)], 'night', { incidentsNearby: 1.5 })).toThrow(SafetyInputError)
    expect(() => routeSafetySummary([edge(10, litBusy)], -1)).toThrow(SafetyInputError)
  })
})

describe('formatDistance', () => {
  it.each([
    [4, '10 m'],
    [424, '420 m'],
    [995, '1000 m'],
    [1000, '1 km'],
    [1250, '1.3 km'],
    [12_340, '12.3 km'],
  ])('%d m -> %s', (meters, text) => {
    expect(formatDistance(meters)).toBe(text)
  })
})
