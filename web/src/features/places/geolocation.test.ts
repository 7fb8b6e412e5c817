import { afterEach, describe, expect, it } from 'vitest'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { detectPosition, LocationError, reasonOf, roundCoord } from './geolocation.ts'

describe('geolocation', () => {
  afterEach(() => removeGeolocation())

  it('rounds coordinates to 4 decimals', () => {
    expect(roundCoord(19.076090123)).toBe(19.0761)
    expect(roundCoord(72.87765)).toBe(72.8777)
    expect(roundCoord(-0.00004)).toBe(-0)
    expect(roundCoord(8.6724)).toBe(8.6724)
  })

  it('answers the device position rounded to 4 decimals', async () => {
    mockGeolocation({ lat: 19.0760912, lon: 72.8776559 })
    await expect(detectPosition()).resolves.toEqual({ lat: 19.0761, lon: 72.8777 })
  })

  it("a failure carries the spec's alert 'Error fetching location: {reason}'", async () => {
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    const error = await detectPosition().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LocationError)
    expect((error as LocationError).alert).toBe('Error fetching location: User denied Geolocation')
  })

  it('a failure without a message is named from its code', () => {
    expect(reasonOf({ code: 3, message: '' })).toBe('Timeout expired')
    expect(reasonOf({ code: 2 })).toBe('Position unavailable')
  })

  it("unsupported: 'Geolocation is not supported by your browser.'", async () => {
    removeGeolocation()
    const error = await detectPosition().catch((e: unknown) => e)
    expect((error as LocationError).alert).toBe('Geolocation is not supported by your browser.')
  })
})
