import { describe, expect, it } from 'vitest'
import { keepFirstPaintScroll } from './firstPaintScroll.ts'

/** A page at `y`, with or without the first paint's copy, whose rendered router can be fired. */
function setUp(withCopy: boolean) {
  document.body.innerHTML = withCopy
    ? '<div id="root"><div class="app app--first-paint"></div></div>'
    : '<div id="root"></div>'
  let y = 0
  const listeners = new Set<() => void>()
  let rendered: (() => void) | null = null
  const page = {
    document,
    get scrollY() {
      return y
    },
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    requestAnimationFrame: (fn: () => void) => fn(),
    scrollTo: (_x: number, to: number) => {
      y = to
    },
  }
  const router = {
    subscribe: (_: 'onRendered', fn: () => void) => {
      rendered = fn
      return () => {
        rendered = null
      }
    },
  }
  keepFirstPaintScroll(router, page as unknown as Window)
  return {
    scroll(to: number) {
      y = to
      for (const fn of listeners) fn()
    },
    replaceCopy() {
      document.body.innerHTML = '<div id="root"><div class="app"></div></div>'
    },
    render: () => rendered?.(),
    get y() {
      return y
    },
    listening: () => listeners.size,
  }
}

describe('keepFirstPaintScroll', () => {
  it('puts her back where she had scrolled the copy once the app has rendered at the top', () => {
    const page = setUp(true)
    page.scroll(600)
    page.replaceCopy()
    page.scroll(0)
    page.render()
    expect(page.y).toBe(600)
    expect(page.listening()).toBe(0)
  })

  it('leaves a page she did not scroll, or one the app already keeps in place, as it is', () => {
    const still = setUp(true)
    still.replaceCopy()
    still.render()
    expect(still.y).toBe(0)

    const kept = setUp(true)
    kept.scroll(400)
    kept.replaceCopy()
    kept.scroll(380)
    kept.render()
    expect(kept.y).toBe(380)
  })

  it('does nothing on a page without the first paint', () => {
    const page = setUp(false)
    page.scroll(300)
    expect(page.listening()).toBe(0)
    page.render()
    expect(page.y).toBe(300)
  })
})
