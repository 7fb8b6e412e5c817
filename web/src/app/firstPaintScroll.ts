import { FIRST_PAINT_COPY } from './firstPaintPage.ts'

interface Rendered {
  subscribe(event: 'onRendered', listener: () => void): () => void
}

/**
 * She may have scrolled the home page the HTML drew (firstPaintPage.ts) before the app took its place: the app's first
 * render would put her back at the top (the copy goes, the router restores its scroll), so she is kept where she was.
 * Runs before the app renders; does nothing on a page without that copy.
 */
export function keepFirstPaintScroll(router: Rendered, page: Window = window): void {
  const doc = page.document
  if (!doc.querySelector(`.${FIRST_PAINT_COPY}`)) return
  let where = page.scrollY
  // Only while the copy is there: the jump its replacement makes is not hers.
  const follow = () => {
    if (doc.querySelector(`.${FIRST_PAINT_COPY}`)) where = page.scrollY
  }
  page.addEventListener('scroll', follow, { passive: true })
  const stop = router.subscribe('onRendered', () => {
    stop()
    page.removeEventListener('scroll', follow)
    page.requestAnimationFrame(() => {
      if (where > 0 && page.scrollY === 0) page.scrollTo(0, where)
    })
  })
}
