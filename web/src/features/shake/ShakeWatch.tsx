import { lazy, Suspense, useSyncExternalStore } from 'react'
import { onShakeSetting, shakeOn } from './shakeSetting.ts'

// The detector and its countdown load only once she has turned Shake for SOS on: the first screen carries just this.
const ShakeSos = lazy(() => import('./ShakeSos.tsx').then((m) => ({ default: m.ShakeSos })))

/** On every screen: listens for a shake while Shake for SOS is on (and only then). */
export function ShakeWatch() {
  const on = useSyncExternalStore(onShakeSetting, shakeOn, () => false)
  return on ? (
    <Suspense fallback={null}>
      <ShakeSos />
    </Suspense>
  ) : null
}
