/**
 * Shake detection over the phone's `accelerationIncludingGravity`, as a pure step over samples (docs/shake.md).
 *
 * Each axis is followed as a zigzag: an extreme counts once the signal has come back from it by SWING_G. A reversal
 * counts toward a shake when it swings between opposite signs, both beyond SIDE_G (walking, running's footfalls, a
 * bus's bumps and a phone put down only push one way against gravity), and comes MIN_GAP_MS to MAX_GAP_MS after the
 * one before (a hand's shake, not running's slower arm swing, nor an impact's ringing). PEAKS such reversals in a row
 * on one axis are a shake.
 */

/** One reading, in m/s² (`accelerationIncludingGravity`), at `t` ms. */
export interface MotionSample {
  t: number
  x: number
  y: number
  z: number
}

/** Standard gravity, m/s². */
export const G = 9.80665
/** The swing, in g, between two extremes (the "jerk" of a hand shaking the phone back and forth). */
export const SWING_G = 2.5
/** How far past zero, in g, each extreme of a counted reversal must be. */
export const SIDE_G = 0.5
/** Reversals in a row that make a shake. */
export const PEAKS = 3
/** A shake's half-period bounds, ms: 2 to 12 back-and-forths a second. */
export const MIN_GAP_MS = 40
export const MAX_GAP_MS = 250

interface Extreme {
  value: number
  at: number
}

interface AxisState {
  /** Which way the signal goes since the last extreme; null until the first swing. */
  rising: boolean | null
  hi: Extreme
  lo: Extreme
  last: Extreme | null
  run: number
}

export type ShakeState = readonly [AxisState, AxisState, AxisState] | null

/** Before any sample. */
export const SHAKE_START: ShakeState = null

function axisAt(value: number, at: number): AxisState {
  return { rising: null, hi: { value, at }, lo: { value, at }, last: null, run: 0 }
}

/** A confirmed extreme: does it continue the run of strong, quick reversals? */
function withPeak(axis: AxisState, peak: Extreme): AxisState {
  const { last } = axis
  const gap = last ? peak.at - last.at : 0
  const reversal =
    last !== null &&
    Math.sign(peak.value) !== Math.sign(last.value) &&
    Math.abs(peak.value) >= SIDE_G &&
    Math.abs(last.value) >= SIDE_G &&
    gap >= MIN_GAP_MS &&
    gap <= MAX_GAP_MS
  return { ...axis, last: peak, run: reversal ? axis.run + 1 : 0 }
}

function stepAxis(axis: AxisState, value: number, at: number): AxisState {
  const here = { value, at }
  const { rising, hi, lo } = axis
  const fell = hi.value - value >= SWING_G
  const rose = value - lo.value >= SWING_G
  if (rising === null) {
    if (rose) return { ...withPeak(axis, lo), rising: true, hi: here }
    if (fell) return { ...withPeak(axis, hi), rising: false, lo: here }
    return { ...axis, hi: value > hi.value ? here : hi, lo: value < lo.value ? here : lo }
  }
  if (rising) {
    if (value > hi.value) return { ...axis, hi: here }
    return fell ? { ...withPeak(axis, hi), rising: false, lo: here } : axis
  }
  if (value < lo.value) return { ...axis, lo: here }
  return rose ? { ...withPeak(axis, lo), rising: true, hi: here } : axis
}

/** Takes one sample: the new state, and whether it completed a shake (then start again from SHAKE_START). */
export function stepShake(state: ShakeState, sample: MotionSample): { state: ShakeState; shaken: boolean } {
  const values = [sample.x / G, sample.y / G, sample.z / G] as const
  if (!values.every(Number.isFinite) || !Number.isFinite(sample.t)) return { state, shaken: false }
  const [x, y, z] = values
  if (state === null) return { state: [axisAt(x, sample.t), axisAt(y, sample.t), axisAt(z, sample.t)], shaken: false }
  const next = [
    stepAxis(state[0], x, sample.t),
    stepAxis(state[1], y, sample.t),
    stepAxis(state[2], z, sample.t),
  ] as const
  return { state: next, shaken: next.some((axis) => axis.run >= PEAKS) }
}

/** The time of the sample that completed the first shake in `samples`, or null when they hold none. */
export function detectShake(samples: Iterable<MotionSample>): number | null {
  let state = SHAKE_START
  for (const sample of samples) {
    const step = stepShake(state, sample)
    if (step.shaken) return sample.t
    state = step.state
  }
  return null
}
