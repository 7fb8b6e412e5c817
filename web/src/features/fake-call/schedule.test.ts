import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CALL_KEY,
  CALLER_KEY,
  cancelCall,
  LATE_MS,
  onScheduleChange,
  savedCaller,
  scheduleCall,
  scheduledCall,
} from './schedule.ts'

const NOW = 1_800_000_000_000

/** The module as a reloaded page loads it: nothing in memory, only what localStorage kept. */
async function reloaded(): Promise<typeof import('./schedule.ts')> {
  vi.resetModules()
  return import('./schedule.ts')
}

describe('the fake call schedule', () => {
  afterEach(() => localStorage.clear())

  it('keeps the call and the caller name on the device', () => {
    const call = scheduleCall(60, '  Maa ', NOW)
    expect(call).toEqual({ at: NOW + 60_000, caller: 'Maa' })
    expect(JSON.parse(localStorage.getItem(CALL_KEY) ?? '')).toEqual(call)
    expect(localStorage.getItem(CALLER_KEY)).toBe('Maa')
    expect(savedCaller()).toBe('Maa')
    expect(scheduledCall(NOW + 1000)).toEqual(call)
  })

  it('still rings at the right time after a reload', async () => {
    scheduleCall(300, 'Didi', NOW)
    const after = await reloaded()
    expect(after.scheduledCall(NOW + 120_000)).toEqual({ at: NOW + 300_000, caller: 'Didi' })
    // Reloaded a little after its time (the page was busy): it rings at once.
    expect(after.scheduledCall(NOW + 300_000 + LATE_MS - 1)).toEqual({ at: NOW + 300_000, caller: 'Didi' })
  })

  it('drops a call found too late after a reload, for good', async () => {
    scheduleCall(10, 'Maa', NOW)
    const after = await reloaded()
    expect(after.scheduledCall(NOW + 10_000 + LATE_MS + 1)).toBeNull()
    expect(localStorage.getItem(CALL_KEY)).toBeNull()
    expect(after.scheduledCall(NOW)).toBeNull()
    // Her name is kept for the next call.
    expect(after.savedCaller()).toBe('Maa')
  })

  it('forgets what it cannot read', async () => {
    for (const bad of ['{', '{"at":"soon","caller":"Maa"}', '{"at":1}', 'null']) {
      localStorage.setItem(CALL_KEY, bad)
      const after = await reloaded()
      expect(after.scheduledCall(NOW), bad).toBeNull()
      expect(localStorage.getItem(CALL_KEY), bad).toBeNull()
    }
  })

  it('cancels, and one call at a time: a new one replaces the last', () => {
    scheduleCall(300, 'Maa', NOW)
    scheduleCall(10, 'Papa', NOW)
    expect(scheduledCall(NOW)).toEqual({ at: NOW + 10_000, caller: 'Papa' })
    cancelCall()
    expect(scheduledCall(NOW)).toBeNull()
    expect(localStorage.getItem(CALL_KEY)).toBeNull()
  })

  it('tells listeners of a change here and in another tab', () => {
    const listener = vi.fn()
    const off = onScheduleChange(listener)
    scheduleCall(10, 'Maa', NOW)
    cancelCall()
    window.dispatchEvent(new StorageEvent('storage', { key: CALL_KEY }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'wings.language' }))
    expect(listener).toHaveBeenCalledTimes(3)
    off()
    scheduleCall(10, 'Maa', NOW)
    expect(listener).toHaveBeenCalledTimes(3)
  })
})
