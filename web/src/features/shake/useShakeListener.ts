import { useEffect, useRef, useSyncExternalStore } from 'react'
import { SHAKE_START, stepShake } from './shakeDetector.ts'

function onVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener)
  return () => document.removeEventListener('visibilitychange', listener)
}

const visible = () => document.visibilityState === 'visible'

/**
 * Calls `onShake` for each strong shake while `listening` and the page is in sight: a hidden page hears nothing (her
 * phone in a bag with Wings behind another app must not open SOS on its own). Each start begins a fresh detection.
 */
export function useShakeListener(onShake: () => void, listening: boolean): void {
  const latest = useRef(onShake)
  latest.current = onShake
  const inSight = useSyncExternalStore(onVisibility, visible, () => false)

  useEffect(() => {
    if (!listening || !inSight) return
    let state = SHAKE_START
    const listener = (event: Event) => {
      const a = (event as DeviceMotionEvent).accelerationIncludingGravity
      if (a?.x == null || a.y == null || a.z == null) return
      const step = stepShake(state, { t: event.timeStamp || performance.now(), x: a.x, y: a.y, z: a.z })
      state = step.shaken ? SHAKE_START : step.state
      if (step.shaken) latest.current()
    }
    window.addEventListener('devicemotion', listener)
    return () => window.removeEventListener('devicemotion', listener)
  }, [listening, inSight])
}
