import { describe, expect, it } from 'vitest'
import { detectShake, G, type MotionSample, SHAKE_START, stepShake } from './shakeDetector.ts'

type Gs = readonly [number, number, number]

/** `seconds` of readings at `hz`, from `motion(t in s)` in g (a phone held upright reads +1 g on y at rest). */
function trace(seconds: number, motion: (t: number) => Gs, hz = 60, from = 0): MotionSample[] {
  const samples: MotionSample[] = []
  for (let i = 0; i < seconds * hz; i++) {
    const t = i / hz
    const [x, y, z] = motion(t)
    samples.push({ t: from + t * 1000, x: x * G, y: y * G, z: z * G })
  }
  return samples
}

const wave = (amplitude: number, hz: number, t: number, phase = 0) => amplitude * Math.sin(2 * Math.PI * hz * t + phase)

/** Straight lines between extremes `[ms, g on x]`, sampled at 60 Hz: a shake drawn peak by peak. */
function peaks(points: readonly (readonly [number, number])[]): MotionSample[] {
  const samples: MotionSample[] = []
  for (let i = 1; i < points.length; i++) {
    const [t0, v0] = points[i - 1] as readonly [number, number]
    const [t1, v1] = points[i] as readonly [number, number]
    for (let t = t0; t < t1; t += 1000 / 60) {
      samples.push({ t, x: (v0 + ((v1 - v0) * (t - t0)) / (t1 - t0)) * G, y: G, z: 0 })
    }
  }
  const [t, v] = points.at(-1) as readonly [number, number]
  samples.push({ t, x: v * G, y: G, z: 0 })
  return samples
}

describe('shake detection', () => {
  it('finds a strong side-to-side shake within about half a second', () => {
    const at = detectShake(trace(1, (t) => [wave(2.5, 4, t), 1, 0.1]))
    expect(at).not.toBeNull()
    expect(at).toBeLessThan(600)
  })

  it('finds a strong up-and-down shake, against gravity', () => {
    expect(detectShake(trace(1, (t) => [0.1, 1 + wave(2, 4, t), 0.2]))).not.toBeNull()
  })

  it('finds a shake on two axes at once, and at the 20 readings a second some phones give', () => {
    expect(detectShake(trace(1, (t) => [wave(2, 5, t), 1 + wave(2, 5, t), 0]))).not.toBeNull()
    expect(detectShake(trace(1, (t) => [wave(2.5, 4, t), 1, 0], 20))).not.toBeNull()
  })

  it('needs three strong reversals in a row: two are not a shake', () => {
    // The last swing back stops short of -0.5 g: only two reversals count.
    const two = [
      [0, 0],
      [125, 2.5],
      [250, -2.5],
      [375, 2.5],
      [500, -0.3],
      [700, 1],
      [1000, 1],
    ] as const
    expect(detectShake(peaks(two))).toBeNull()
    const three = [
      [0, 0],
      [125, 2.5],
      [250, -2.5],
      [375, 2.5],
      [500, -2.5],
      [700, 0],
      [1000, 0],
    ] as const
    expect(detectShake(peaks(three))).not.toBeNull()
  })

  it('ignores a gentle shake (swings under 2.5 g)', () => {
    expect(detectShake(trace(2, (t) => [wave(1.1, 4, t), 1, 0]))).toBeNull()
  })

  it('ignores walking with the phone in her hand', () => {
    expect(
      detectShake(trace(20, (t) => [wave(0.2, 0.95, t), 1 + wave(0.35, 1.9, t), wave(0.25, 0.95, t, 1)])),
    ).toBeNull()
  })

  it("ignores running: footfalls push one way, and the arm's strong swing is slower than a shake", () => {
    // Footfalls up to 3.3 g and near free fall between them, 2.9 steps a second; the arm swings ±2.2 g.
    const inHand = trace(20, (t) => [wave(2.2, 1.45, t), Math.max(0, 1 + wave(2.3, 2.9, t)), wave(0.6, 2.9, t, 1)])
    expect(detectShake(inHand)).toBeNull()
    const inPocket = trace(20, (t) => [wave(0.8, 1.45, t), Math.max(-0.1, 1 + wave(3, 2.9, t)), wave(0.5, 2.9, t)])
    expect(detectShake(inPocket)).toBeNull()
  })

  it('ignores a bus ride: bumps, potholes and sway', () => {
    // Every 4 s a pothole throws the phone up by 2.8 g, then drops it to near free fall.
    const pothole = (t: number) => (t % 4 < 0.1 ? 1.8 : t % 4 < 0.2 ? -0.6 : 0)
    const bumps = (t: number) => wave(0.5, 3.1, t) + wave(0.3, 7.3, t, 2) + pothole(t)
    expect(detectShake(trace(60, (t) => [wave(0.3, 0.4, t), 1 + bumps(t), wave(0.2, 0.3, t, 1)]))).toBeNull()
  })

  it('ignores a phone put down on a table, hard', () => {
    const held = trace(0.5, () => [0, 1, 0.1])
    // Turned flat over half a second, then it hits the table and rings.
    const laid = trace(0.5, (t) => [0, 1 - 2 * t, 2 * t], 60, 500)
    const hit = [4, -1.5, 2.5, -1.2, 2, -0.8, 1.3, 1].map((z, i) => ({ t: 1000 + i * 8, x: 0, y: 0, z: z * G }))
    const still = trace(2, () => [0, 0, 1], 60, 1070)
    expect(detectShake([...held, ...laid, ...hit, ...still])).toBeNull()
  })

  it('skips readings a phone leaves empty, and finds nothing in them alone', () => {
    const holes = trace(1, (t) => [wave(2.5, 4, t), 1, 0]).flatMap((sample) => [sample, { ...sample, x: Number.NaN }])
    expect(detectShake(holes)).not.toBeNull()
    expect(detectShake(trace(2, () => [Number.NaN, Number.NaN, Number.NaN]))).toBeNull()
  })

  it('starts over after a shake: the same readings again are needed for the next one', () => {
    const shake = trace(1.2, (t) => [wave(2.5, 4, t), 1, 0])
    let state = SHAKE_START
    let shakes = 0
    for (const sample of shake) {
      const step = stepShake(state, sample)
      state = step.shaken ? SHAKE_START : step.state
      if (step.shaken) shakes += 1
    }
    // Each shake needs three reversals of its own: 1.2 s of a 4 Hz shake holds two, not one for each reversal after the third.
    expect(shakes).toBe(2)
  })
})
