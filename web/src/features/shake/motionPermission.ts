/** Reading the phone's motion: iOS Safari asks her first, from a tap; other browsers let a page read it. */

export type MotionAccess = 'granted' | 'denied' | 'unsupported'

type AskingMotionEvent = { requestPermission?: () => Promise<'granted' | 'denied'> }

/** Whether this browser asks before a page may read the motion (iOS Safari 13 and later). */
export function motionNeedsPermission(): boolean {
  return (
    typeof DeviceMotionEvent !== 'undefined' &&
    typeof (DeviceMotionEvent as AskingMotionEvent).requestPermission === 'function'
  )
}

/** Call it from her tap, before any await: iOS only asks during one. */
export async function askMotionAccess(): Promise<MotionAccess> {
  if (typeof DeviceMotionEvent === 'undefined') return 'unsupported'
  const motion = DeviceMotionEvent as AskingMotionEvent
  if (typeof motion.requestPermission !== 'function') return 'granted'
  try {
    return (await motion.requestPermission()) === 'granted' ? 'granted' : 'denied'
  } catch {
    return 'denied'
  }
}
