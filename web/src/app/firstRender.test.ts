import { afterEach, describe, expect, it, vi } from 'vitest'
import { FIRST_RENDER_WAIT_MS, renderWhenRouted } from './firstRender.ts'

describe('renderWhenRouted', () => {
  afterEach(() => vi.useRealTimers())

  it('renders once the router has loaded, not before, and only once', async () => {
    vi.useFakeTimers()
    let loaded!: () => void
    const render = vi.fn()
    renderWhenRouted(() => new Promise<void>((resolve) => (loaded = resolve)), render)
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS - 1)
    expect(render).not.toHaveBeenCalled()
    loaded()
    await vi.advanceTimersByTimeAsync(0)
    expect(render).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS)
    expect(render).toHaveBeenCalledTimes(1)
  })

  it('renders when the load fails', async () => {
    const render = vi.fn()
    renderWhenRouted(() => Promise.reject(new Error('offline')), render)
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1))
  })

  it('renders after the wait when the load hangs, and not again when it ends', async () => {
    vi.useFakeTimers()
    let loaded!: () => void
    const render = vi.fn()
    renderWhenRouted(() => new Promise<void>((resolve) => (loaded = resolve)), render)
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS)
    expect(render).toHaveBeenCalledTimes(1)
    loaded()
    await vi.advanceTimersByTimeAsync(0)
    expect(render).toHaveBeenCalledTimes(1)
  })
})
