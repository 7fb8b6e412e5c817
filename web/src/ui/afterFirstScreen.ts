import { useEffect, useState } from 'react'

/** Runs `work` once the page has loaded and the browser is idle, or 2 s after load at the latest. */
export function afterFirstScreen(work: () => void, win: Window = window): void {
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => work(), { timeout: 2000 })
    else win.setTimeout(work, 0)
  }
  if (win.document.readyState === 'complete') whenIdle()
  else win.addEventListener('load', whenIdle, { once: true })
}

/** False until the page has loaded and gone idle (see afterFirstScreen): for what may wait behind the first screen. */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    afterFirstScreen(() => {
      if (live) setReady(true)
    })
    return () => {
      live = false
    }
  }, [])
  return ready
}
