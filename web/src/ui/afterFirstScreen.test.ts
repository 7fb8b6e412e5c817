import { describe, expect, it, vi } from 'vitest'
import { afterFirstScreen } from './afterFirstScreen.ts'

/** A window whose load and idle moments the test decides. */
function fakeWindow(readyState: DocumentReadyState, withIdle: boolean) {
  const listeners: (() => void)[] = []
  const idle: (() => void)[] = []
  const win = {
    document: { readyState },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    setTimeout: (fn: () => void) => idle.push(fn),
    ...(withIdle ? { requestIdleCallback: (fn: () => void) => idle.push(fn) } : {}),
  }
  const runAll = (fns: (() => void)[]) => {
    for (const fn of fns) fn()
  }
  return { win: win as unknown as Window, load: () => runAll(listeners), idle: () => runAll(idle) }
}

describe('afterFirstScreen', () => {
  it('waits for the load event, then for the browser to be idle', () => {
    const { win, load, idle } = fakeWindow('loading', true)
    const work = vi.fn()
    afterFirstScreen(work, win)
    idle()
    expect(work).not.toHaveBeenCalled()
    load()
    expect(work).not.toHaveBeenCalled()
    idle()
    expect(work).toHaveBeenCalledOnce()
  })

  it('only waits for idle when the page has already loaded, with a timer where there is no idle callback', () => {
    const { win, idle } = fakeWindow('complete', false)
    const work = vi.fn()
    afterFirstScreen(work, win)
    expect(work).not.toHaveBeenCalled()
    idle()
    expect(work).toHaveBeenCalledOnce()
  })
})
