import { startTransition } from 'react'

/** How long the first render waits for the screen's code: past it, the frame (and its SOS) is drawn without it. */
export const FIRST_RENDER_WAIT_MS = 1500

/**
 * Makes the router and renders the app once it has matched the location and loaded the screen's code (the page
 * preloads its chunks), so the first render draws the whole screen at once. Making the router, loading and
 * rendering each run in tasks of their own after the one that ran the app's modules, and React renders as a
 * transition, in slices of a few milliseconds: a slow phone never has its main thread taken for long. A load that
 * fails or hangs does not keep the app from showing: it renders anyway, and the router shows the error or the
 * screen when it can.
 */
export function renderWhenRouted<Router extends { load: () => Promise<unknown> }>(
  create: () => Router,
  render: (router: Router) => void,
  waitMs = FIRST_RENDER_WAIT_MS,
): void {
  let router: Router | undefined
  let done = false
  const made = () => {
    router ??= create()
    return router
  }
  const once = () => {
    if (done) return
    done = true
    clearTimeout(timer)
    const ready = made()
    startTransition(() => render(ready))
  }
  const timer = setTimeout(once, waitMs)
  setTimeout(() => {
    made()
    setTimeout(() => made().load().then(once, once), 0)
  }, 0)
}
