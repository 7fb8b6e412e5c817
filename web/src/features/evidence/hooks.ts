import { useEffect, useState, useSyncExternalStore } from 'react'
import { onRecorderChange, recorderState } from './recorder.ts'

export const useRecorderState = () => useSyncExternalStore(onRecorderChange, recorderState, recorderState)

/** ms since `startedAt`, ticking each second. */
export function useElapsed(startedAt: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (startedAt === null) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [startedAt])
  return startedAt === null ? 0 : Math.max(0, now - startedAt)
}
