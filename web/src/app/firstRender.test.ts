import { afterEach, describe, expect, it, vi } from 'vitest'
import { FIRST_RENDER_WAIT_MS, renderWhenRouted } from './firstRender.ts'

/** A router whose load ends when the test says so. */
function router() {
  let loaded!: () => void
  let failed!: (error: Error) => void
  const load = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        loaded = resolve
        failed = reject
      }),
  )
  return { router: { load }, loaded: () => loaded(), failed: (error: Error) => failed(error) }
}

describe('renderWhenRouted', () => {
  afterEach(() => vi.useRealTimers())

  it('makes the router and loads it in tasks of their own, then renders once, not before the load ends', async () => {
    vi.useFakeTimers()
    const made = router()
    const create = vi.fn(() => made.router)
    const render = vi.fn()
    renderWhenRouted(create, render)
    expect(create).not.toHaveBeenCalled()
    await vi.advanceTimersToNextTimerAsync()
    expect(create).toHaveBeenCalledTimes(1)
    expect(made.router.load).not.toHaveBeenCalled()
    await vi.advanceTimersToNextTimerAsync()
    expect(made.router.load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS / 2)
    expect(render).not.toHaveBeenCalled()
    made.loaded()
    await vi.advanceTimersByTimeAsync(0)
    expect(render).toHaveBeenCalledTimes(1)
    expect(render).toHaveBeenCalledWith(made.router)
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS)
    expect(render).toHaveBeenCalledTimes(1)
    expect(create).toHaveBeenCalledTimes(1)
  })

  it('renders when the load fails', async () => {
    vi.useFakeTimers()
    const made = router()
    const render = vi.fn()
    renderWhenRouted(() => made.router, render)
    await vi.advanceTimersByTimeAsync(1)
    made.failed(new Error('offline'))
    await vi.advanceTimersByTimeAsync(0)
    expect(render).toHaveBeenCalledTimes(1)
  })

  it('renders after the wait when the load hangs, and not again when it ends', async () => {
    vi.useFakeTimers()
    const made = router()
    const render = vi.fn()
    renderWhenRouted(() => made.router, render)
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS)
    expect(render).toHaveBeenCalledTimes(1)
    made.loaded()
    await vi.advanceTimersByTimeAsync(0)
    expect(render).toHaveBeenCalledTimes(1)
  })
})
