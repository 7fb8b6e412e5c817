import { startTransition } from 'react'

/** How long the first render waits for the screen's code: past it, the frame (and its SOS) is drawn without it. */
export const FIRST_RENDER_WAIT_MS = 1500

/**
 * Renders the app once the router has matched the location and loaded the screen's code (the page preloads its
 * chunks), so the first render draws the whole screen at once. As a transition, React renders it in slices of a few
 * milliseconds: a slow phone never has its main thread taken for long. A load that fails or hangs does not keep the
 * app from showing: it renders anyway, and the router shows the error or the screen when it can.
 */
export function renderWhenRouted(load: () => Promise<unknown>, render: () => void, waitMs = FIRST_RENDER_WAIT_MS) {
  let done = false
  const once = () => {
    if (done) return
    done = true
    clearTimeout(timer)
    startTransition(render)
  }
  const timer = setTimeout(once, waitMs)
  load().then(once, once)
}
