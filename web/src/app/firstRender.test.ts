import { afterEach, describe, expect, it, vi } from 'vitest'
import { FIRST_RENDER_WAIT_MS, renderWhenRouted } from './firstRender.ts'

/** renderWhenRouted started on fake timers, with a router whose load ends when the test says so. */
function startRouting() {
  vi.useFakeTimers()
  let loaded!: () => void
  let failed!: (error: Error) => void
  const load = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        loaded = resolve
        failed = reject
      }),
  )
  const router = { load }
  const create = vi.fn(() => router)
  const render = vi.fn()
  renderWhenRouted(create, render)
  return { router, create, render, loaded: () => loaded(), failed: (error: Error) => failed(error) }
}

describe('renderWhenRouted', () => {
  afterEach(() => vi.useRealTimers())

  it('makes the router and loads it in tasks of their own, then renders once, not before the load ends', async () => {
    const { router, create, render, loaded } = startRouting()
    expect(create).not.toHaveBeenCalled()
    await vi.advanceTimersToNextTimerAsync()
    expect(create).toHaveBeenCalledTimes(1)
    expect(router.load).not.toHaveBeenCalled()
    await vi.advanceTimersToNextTimerAsync()
    expect(router.load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS / 2)
    expect(render).not.toHaveBeenCalled()
    loaded()
    await vi.advanceTimersByTimeAsync(0)
    expect(render).toHaveBeenCalledTimes(1)
    expect(render).toHaveBeenCalledWith(router)
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS)
    expect(render).toHaveBeenCalledTimes(1)
    expect(create).toHaveBeenCalledTimes(1)
  })

  it('renders when the load fails', async () => {
    const { render, failed } = startRouting()
    await vi.advanceTimersByTimeAsync(1)
    failed(new Error('offline'))
    await vi.advanceTimersByTimeAsync(0)
    expect(render).toHaveBeenCalledTimes(1)
  })

  it('renders after the wait when the load hangs, and not again when it ends', async () => {
    const { render, loaded } = startRouting()
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS)
    expect(render).toHaveBeenCalledTimes(1)
    loaded()
    await vi.advanceTimersByTimeAsync(0)
    expect(render).toHaveBeenCalledTimes(1)
  })
})
