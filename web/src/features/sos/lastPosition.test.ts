import { beforeEach, describe, expect, it } from 'vitest'
import { clearDb } from '../../test/sync.ts'
import { ageText, lastKnownPosition, rememberPosition } from './lastPosition.ts'

describe('last known position', () => {
  beforeEach(async () => {
    await clearDb()
  })

  it('keeps the latest position on the phone', async () => {
    expect(await lastKnownPosition()).toBeNull()
    await rememberPosition({ lat: 18.9, lon: 72.8, accuracy: 20, at: 1000 })
    await rememberPosition({ lat: 18.95, lon: 72.81, accuracy: 8, at: 2000 })
    expect(await lastKnownPosition()).toEqual({ lat: 18.95, lon: 72.81, accuracy: 8, at: 2000 })
  })

  it('says its age in words', () => {
    const now = 10 * 24 * 3_600_000
    expect(ageText(now - 20_000, now)).toBe('just now')
    expect(ageText(now - 60_000, now)).toBe('1 minute ago')
    expect(ageText(now - 45 * 60_000, now)).toBe('45 minutes ago')
    expect(ageText(now - 3 * 3_600_000, now)).toBe('3 hours ago')
    expect(ageText(now - 3 * 24 * 3_600_000, now)).toBe('3 days ago')
  })
})
