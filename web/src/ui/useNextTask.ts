import { type ReactNode, useEffect, useState } from 'react'

/**
 * False on the first render, true from a later task on: a big mount can draw its frame now and the rest in a task
 * of its own, so a slow phone's main thread never stays busy long enough to miss her tap.
 */
export function useNextTask(): boolean {
  const [next, setNext] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setNext(true), 0)
    return () => clearTimeout(timer)
  }, [])
  return next
}

/** Its children, mounted a task after it (the fallback until then): a big mount in steps, each a short task. */
export function NextTask({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useNextTask() ? children : fallback
}
