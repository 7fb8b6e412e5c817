import type { Page } from 'playwright-core'

/** One thing wrong with how a control's text is laid out, named so that a failure says where to look. */
export interface LayoutProblem {
  kind: 'word broken' | 'text clipped' | 'out of the screen' | 'out of its box' | 'page scrolls sideways'
  element: string
  detail: string
}

/**
 * Runs in the page: every label (and term: dt, th), button, link shaped as a button, tab, summary, legend and form control on the
 * screen whose text breaks inside a word, is cut off, or sticks out of the screen or of the box it sits in, and
 * whether the page scrolls sideways. Self-contained (it is sent to the browser as source).
 */
export function findLayoutProblems(): LayoutProblem[] {
  const CONTROLS =
    'h1, h2, h3, h4, label, dt, th, caption, button, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], summary, legend, a, input:not([type="hidden"]), select, textarea'
  const SLACK = 1
  const problems: LayoutProblem[] = []
  const viewportWidth = document.documentElement.clientWidth

  const describe = (el: Element): string => {
    const classes = [...el.classList].slice(0, 3).map((c) => `.${c}`)
    const id = el.id ? `#${el.id}` : ''
    const text = (
      el.getAttribute('aria-label') ||
      (el instanceof HTMLInputElement ? el.placeholder || el.value : '') ||
      el.textContent ||
      ''
    )
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 50)
      .trimEnd()
    const landmark = el.closest('dialog, [role="dialog"], header, nav, main, footer, aside')
    const where = landmark && landmark !== el ? ` in ${landmark.tagName.toLowerCase()}` : ''
    return `<${el.tagName.toLowerCase()}${id}${classes.join('')}> "${text}"${where}`
  }

  /** Hidden from sight: not rendered, transparent, or clipped away as .visually-hidden is. */
  const hidden = (el: Element): boolean => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return true
    for (let a: Element | null = el; a; a = a.parentElement) {
      const style = getComputedStyle(a)
      if (style.clip !== 'auto' && style.position === 'absolute') return true
      if (style.clipPath !== 'none' && style.clipPath.startsWith('inset(50%')) return true
    }
    const box = el.getBoundingClientRect()
    return box.width < 2 || box.height < 2
  }

  const inline = (el: Element) =>
    getComputedStyle(el).display.startsWith('inline') &&
    getComputedStyle(el).display !== 'inline-block' &&
    getComputedStyle(el).display !== 'inline-flex' &&
    getComputedStyle(el).display !== 'inline-grid'

  /** A link counts when it is laid out as a box (a button, a tab, a card's action), not a link in running text. */
  const isControl = (el: Element): boolean =>
    el.tagName !== 'A' || el.matches('.btn, [class*="button"], [role]') || !inline(el)

  /** Its own scroll container (a strip or a table meant to scroll sideways): what is past its edge is reachable. */
  const sideScroller = (el: Element): Element | null => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const overflow = getComputedStyle(a).overflowX
      if (overflow === 'auto' || overflow === 'scroll') return a
    }
    return null
  }

  const brokenWords = (el: Element): string[] => {
    const broken: string[] = []
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement
      if (!parent || hidden(parent)) continue
      for (const word of node.data.matchAll(/\S+/g)) {
        // A word may break after its own hyphen or slash ("check-/in"): each part must stay whole.
        let start = word.index
        for (const part of word[0].split(/(?<=[-‐–—/])/)) {
          const end = start + part.length
          if (part.length > 1) {
            range.setStart(node, start)
            range.setEnd(node, end)
            const lines = [...range.getClientRects()].filter((r) => r.width > 0)
            const tops = lines.map((r) => r.top)
            if (lines.length > 1 && Math.max(...tops) - Math.min(...tops) > Math.min(...lines.map((r) => r.height)) / 2)
              broken.push(part)
          }
          start = end
        }
      }
    }
    return broken
  }

  const canvas = document.createElement('canvas').getContext('2d')
  const textWidth = (text: string, el: Element) => {
    if (!canvas) return 0
    const style = getComputedStyle(el)
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    return canvas.measureText(text).width
  }

  /** The text a form control shows in its box: a select's chosen option, an empty field's placeholder. */
  const shownText = (el: Element): string => {
    if (el instanceof HTMLSelectElement) return el.selectedOptions[0]?.text ?? ''
    if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.value === '') return el.placeholder
    return ''
  }

  const controls = [...document.querySelectorAll(CONTROLS)].filter((el) => isControl(el) && !hidden(el))
  for (const el of controls) {
    const box = el.getBoundingClientRect()
    const style = getComputedStyle(el)
    const name = describe(el)

    for (const word of brokenWords(el)) problems.push({ kind: 'word broken', element: name, detail: `"${word}"` })

    const field = el.matches('input, select, textarea')
    if (field) {
      const text = shownText(el)
      if (text && !(el instanceof HTMLTextAreaElement)) {
        // Chromium draws a select's arrow in its right padding, making that at least 20 px.
        const arrow = el instanceof HTMLSelectElement && style.appearance !== 'none' ? 20 : 0
        const room =
          el.clientWidth - Number.parseFloat(style.paddingLeft) - Math.max(Number.parseFloat(style.paddingRight), arrow)
        const needed = textWidth(text, el)
        if (needed > room + SLACK)
          problems.push({
            kind: 'text clipped',
            element: name,
            detail: `"${text}" needs ${Math.ceil(needed)} px, has ${Math.floor(room)}`,
          })
      }
    } else if (!inline(el)) {
      if (el.scrollWidth > el.clientWidth + SLACK)
        problems.push({
          kind: 'text clipped',
          element: name,
          detail: `content ${el.scrollWidth} px wide in a ${el.clientWidth} px box`,
        })
      if (el.scrollHeight > el.clientHeight + 2 && style.overflowY !== 'visible' && style.overflowY !== 'auto')
        problems.push({
          kind: 'text clipped',
          element: name,
          detail: `content ${el.scrollHeight} px tall in a ${el.clientHeight} px box`,
        })
    }

    const scroller = sideScroller(el)
    const sideways = scroller !== null
    // A button in a strip may sit past the strip's edge; text wider than the strip can never be read at once.
    if (scroller && box.width > scroller.clientWidth + SLACK)
      problems.push({
        kind: 'text clipped',
        element: name,
        detail: `${Math.round(box.width)} px wide in ${describe(scroller)}, which shows ${scroller.clientWidth} px`,
      })
    if (!sideways && style.position !== 'fixed' && (box.left < -SLACK || box.right > viewportWidth + SLACK))
      problems.push({
        kind: 'out of the screen',
        element: name,
        detail: `from ${Math.round(box.left)} to ${Math.round(box.right)} px, the screen is ${viewportWidth} px`,
      })

    // The box it sits in: the nearest block around it, or anything on the way that cuts off what overflows.
    if (!sideways && style.position !== 'absolute' && style.position !== 'fixed') {
      let outer = el.parentElement
      while (outer && (inline(outer) || getComputedStyle(outer).display === 'contents')) outer = outer.parentElement
      if (outer && outer !== document.body) {
        const around = outer.getBoundingClientRect()
        if (box.left < around.left - SLACK || box.right > around.right + SLACK)
          problems.push({
            kind: 'out of its box',
            element: name,
            detail: `${Math.round(box.left)}-${Math.round(box.right)} px outside ${describe(outer)} at ${Math.round(around.left)}-${Math.round(around.right)} px`,
          })
      }
    }
  }

  const pageWidth = document.documentElement.scrollWidth
  if (pageWidth > viewportWidth) {
    const widest = [...document.body.querySelectorAll('*')]
      .filter((el) => !hidden(el) && el.getBoundingClientRect().right > viewportWidth + SLACK)
      .slice(0, 3)
      .map(describe)
    problems.push({
      kind: 'page scrolls sideways',
      element: 'html',
      detail: `${pageWidth} px wide on a ${viewportWidth} px screen; past the edge: ${widest.join(', ')}`,
    })
  }
  return problems
}

/** The problems on what `page` shows now, one line each, led by `where` (screen, language, width). */
export async function layoutProblems(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(findLayoutProblems)
  return found.map((p) => `${where}: ${p.kind}: ${p.element}: ${p.detail}`)
}
