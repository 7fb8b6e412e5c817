import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

class FakeParam {
  value = 0
  setValueAtTime = vi.fn()
}
class FakeOscillator {
  frequency = new FakeParam()
  connect = vi.fn()
  disconnect = vi.fn()
  start = vi.fn()
  stop = vi.fn()
}
const made: FakeOscillator[] = []
class FakeAudioContext {
  currentTime = 0
  destination = {}
  resume = vi.fn(async () => undefined)
  createGain = () => ({ gain: new FakeParam(), connect: vi.fn(), disconnect: vi.fn() })
  createOscillator = () => {
    const oscillator = new FakeOscillator()
    made.push(oscillator)
    return oscillator
  }
}

describe('the ringtone', () => {
  const vibrate = vi.fn(() => true)
  beforeEach(() => {
    vi.resetModules()
    made.length = 0
    vibrate.mockClear()
    vi.stubGlobal('AudioContext', FakeAudioContext)
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'vibrate')
  })

  it('rings two tones and vibrates, once at a time, and stops both', async () => {
    vi.useFakeTimers()
    const { startRingtone, stopRingtone, isRinging, VIBRATION } = await import('./ringtone.ts')
    startRingtone()
    startRingtone()
    expect(isRinging()).toBe(true)
    expect(made.map((o) => o.frequency.value)).toEqual([440, 480])
    expect(made.every((o) => o.start.mock.calls.length === 1)).toBe(true)
    expect(vibrate).toHaveBeenCalledWith(VIBRATION)
    // The vibration goes on as long as it rings.
    vi.advanceTimersByTime(VIBRATION.reduce((a, b) => a + b, 0) * 2)
    expect(vibrate).toHaveBeenCalledTimes(3)

    stopRingtone()
    expect(isRinging()).toBe(false)
    expect(made.every((o) => o.stop.mock.calls.length === 2)).toBe(true)
    expect(vibrate).toHaveBeenLastCalledWith(0)
    vi.advanceTimersByTime(60_000)
    expect(vibrate).toHaveBeenCalledTimes(4)
  })

  it('still vibrates without Web Audio, and a tap made beforehand unlocks the sound', async () => {
    vi.stubGlobal('AudioContext', undefined)
    const { startRingtone, stopRingtone, prepareRingtone } = await import('./ringtone.ts')
    prepareRingtone()
    startRingtone()
    expect(vibrate).toHaveBeenCalledTimes(1)
    stopRingtone()
    expect(vibrate).toHaveBeenLastCalledWith(0)

    vi.resetModules()
    vi.stubGlobal('AudioContext', FakeAudioContext)
    const again = await import('./ringtone.ts')
    again.prepareRingtone()
    again.startRingtone()
    expect(made).toHaveLength(2)
    again.stopRingtone()
  })
})
