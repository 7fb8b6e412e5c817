import { OfflinePlanError, OutsideKeptAreaError } from '@wings/area-bundle'
import { beforeEach, describe, expect, it } from 'vitest'
import { answer, forgetDecoded, problemOf } from './work.ts'

describe('the route worker', () => {
  beforeEach(forgetDecoded)

  it('refuses bytes that are not a sound bundle, never decoding them', () => {
    const bytes = new TextEncoder().encode('WNGAREA1 but cut short').buffer
    expect(answer({ id: 1, type: 'verify', bytes })).toEqual({ id: 1, ok: false, problem: { code: 'corrupt' } })
    expect(answer({ id: 2, type: 'verify', bytes: new ArrayBuffer(64) })).toEqual({
      id: 2,
      ok: false,
      problem: { code: 'corrupt' },
    })
  })

  it('asks for the bytes of a bundle it does not hold decoded', () => {
    const body = {
      source: [18.96, 72.81] as [number, number],
      destination: [18.97, 72.83] as [number, number],
      mode: 'foot' as const,
    }
    expect(answer({ id: 3, type: 'plan', version: 'v1', body, now: 0 })).toEqual({ id: 3, ok: false, missing: true })
  })

  it("says which end is outside the kept box, and the planner's refusals with their code", () => {
    expect(problemOf(new OutsideKeptAreaError('destination'))).toEqual({ code: 'outside', end: 'destination' })
    expect(problemOf(new OutsideKeptAreaError('both'))).toEqual({ code: 'outside', end: 'both' })
    expect(problemOf(new OfflinePlanError('VALIDATION_ERROR', 'at must be an ISO date-time'))).toEqual({
      code: 'refused',
      errorCode: 'VALIDATION_ERROR',
      message: 'at must be an ISO date-time',
    })
    expect(problemOf(new Error('boom'))).toEqual({ code: 'failed', message: 'boom' })
  })
})
