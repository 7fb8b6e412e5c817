import './shake.css'
import { useEffect, useRef, useState } from 'react'
import { requestSos } from '../sos/index.ts'
import { askMotionAccess, motionNeedsPermission } from './motionPermission.ts'
import { ShakeCountdown } from './ShakeCountdown.tsx'
import { useShakeListener } from './useShakeListener.ts'

/** After a countdown ends, shaking still in her hands does not start another at once. */
export const SHAKE_COOLDOWN_MS = 3000

/** SOS is already in front of her: a shake then does nothing (the sheet would start over). */
const sosSheetOpen = () => document.querySelector('dialog[open] .sos-sheet') !== null

/**
 * Shake for SOS, loaded once she has turned it on: a strong shake starts the countdown; Cancel or Escape stops it,
 * and at 0 SOS opens exactly as the SOS button opens it.
 */
export function ShakeSos() {
  const [counting, setCounting] = useState(false)
  const quietUntil = useRef(0)

  useShakeListener(() => {
    if (Date.now() < quietUntil.current || sosSheetOpen()) return
    setCounting(true)
  }, !counting)

  // iOS forgets the motion permission between visits and asks only during a tap: her first tap asks again (at once,
  // without a question, when it was granted).
  useEffect(() => {
    if (!motionNeedsPermission()) return
    const ask = () => void askMotionAccess()
    window.addEventListener('click', ask, { capture: true, once: true })
    return () => window.removeEventListener('click', ask, { capture: true })
  }, [])

  const end = () => {
    quietUntil.current = Date.now() + SHAKE_COOLDOWN_MS
    setCounting(false)
  }

  return counting ? (
    <ShakeCountdown
      onCancel={end}
      onDone={() => {
        end()
        requestSos()
      }}
    />
  ) : null
}
