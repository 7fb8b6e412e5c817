/**
 * The ringtone, made with Web Audio (no sound file to fetch or cache), and the phone's vibration. One at a time:
 * start() while ringing does nothing, stop() silences both. A browser that blocks sound before a tap (autoplay
 * rules) or has no vibration still shows the call: both are best effort.
 */

/** Two tones together, on 1 s and off 1.5 s, as a phone rings. */
const TONES = [440, 480]
const ON_S = 1
const CYCLE_S = 2.5
/** Rings scheduled ahead at once: a ring longer than this (5 min) stops by itself. */
const CYCLES = 120
export const VIBRATION = [800, 400, 800, 1500]

let context: AudioContext | null = null
let ringing: { oscillators: OscillatorNode[]; gain: GainNode | null; vibrate: ReturnType<typeof setInterval> } | null =
  null

function audio(): AudioContext | null {
  if (context) return context
  const Audio =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
  if (!Audio) return null
  try {
    context = new Audio()
  } catch {
    return null
  }
  return context
}

/** Called from her tap when she schedules the call: a context made then may play later without another tap. */
export function prepareRingtone(): void {
  void audio()
    ?.resume()
    .catch(() => undefined)
}

function vibrate(pattern: number[] | number): void {
  try {
    navigator.vibrate?.(pattern)
  } catch {
    // not allowed without a tap in some browsers
  }
}

export function isRinging(): boolean {
  return ringing !== null
}

export function startRingtone(): void {
  if (ringing) return
  const total = VIBRATION.reduce((a, b) => a + b, 0)
  vibrate(VIBRATION)
  const vibrateTimer = setInterval(() => vibrate(VIBRATION), total)
  const ctx = audio()
  if (!ctx) {
    ringing = { oscillators: [], gain: null, vibrate: vibrateTimer }
    return
  }
  void ctx.resume().catch(() => undefined)
  const gain = ctx.createGain()
  gain.connect(ctx.destination)
  const start = ctx.currentTime + 0.05
  gain.gain.setValueAtTime(0, ctx.currentTime)
  for (let i = 0; i < CYCLES; i++) {
    const on = start + i * CYCLE_S
    gain.gain.setValueAtTime(0.25, on)
    gain.gain.setValueAtTime(0, on + ON_S)
  }
  const oscillators = TONES.map((frequency) => {
    const oscillator = ctx.createOscillator()
    oscillator.frequency.value = frequency
    oscillator.connect(gain)
    oscillator.start(start)
    oscillator.stop(start + CYCLES * CYCLE_S)
    return oscillator
  })
  ringing = { oscillators, gain, vibrate: vibrateTimer }
}

export function stopRingtone(): void {
  if (!ringing) return
  clearInterval(ringing.vibrate)
  vibrate(0)
  for (const oscillator of ringing.oscillators) {
    try {
      oscillator.stop()
      oscillator.disconnect()
    } catch {
      // already stopped
    }
  }
  ringing.gain?.disconnect()
  ringing = null
}
