import { useEffect, useState } from 'react'

/** Date.now(), re-read every `everyMs` while the component is shown: times shown are computed from it, never counted. */
export function useNow(everyMs = 500): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

/** Seconds as m:ss for a countdown ("0:42", "4:05"). */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** A call's length as mm:ss ("00:07", "61:30"), as a phone shows it. */
export function callLength(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}
