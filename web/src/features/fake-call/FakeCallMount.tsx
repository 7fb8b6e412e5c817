import { lazy, Suspense, useState, useSyncExternalStore } from 'react'
import { hasStoredCall, onScheduleChange } from './pending.ts'

// The waiting bar and the call screen load only once a call is scheduled: the first screen carries just this.
const FakeCallHost = lazy(() => import('./FakeCallHost.tsx').then((m) => ({ default: m.FakeCallHost })))

/** On every screen: a scheduled fake call waits, then rings, wherever she is in Wings. */
export function FakeCallMount() {
  const waiting = useSyncExternalStore(onScheduleChange, hasStoredCall, () => false)
  // Once loaded it stays: the call rings (and is talked through) after its schedule is forgotten, and the host
  // drops a stored call too late to ring.
  const [needed, setNeeded] = useState(false)
  if (waiting && !needed) setNeeded(true)
  return waiting || needed ? (
    <Suspense fallback={null}>
      <FakeCallHost />
    </Suspense>
  ) : null
}
