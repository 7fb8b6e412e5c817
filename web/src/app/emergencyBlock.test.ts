import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { EMERGENCY_NUMBER, HELPLINES } from '@wings/contract'
import { describe, expect, it } from 'vitest'

// index.html's emergency block: what every page shows before (and without) the app's script.
const webDir = join(__dirname, '..', '..')
const html = readFileSync(join(webDir, 'index.html'), 'utf8')
const page = new DOMParser().parseFromString(html, 'text/html')
const block = page.querySelector('#root > .eb')
const style = /<style>[\s\S]*?<\/style>/.exec(html)?.[0] ?? ''
const links = [...(block?.querySelectorAll('a') ?? [])].map((a) => ({
  href: a.getAttribute('href'),
  text: a.textContent,
}))

describe("index.html's emergency block", () => {
  it('costs at most 2 KB, its markup and its style together', () => {
    expect(block).not.toBeNull()
    expect(style).toContain('.eb')
    const bytes = new TextEncoder().encode(`${style}${block?.outerHTML}`).length
    expect(bytes).toBeLessThanOrEqual(2048)
  })

  it('calls 112 first, then SOS, 181 and 1091 as the helplines list names them, then links to all helplines', () => {
    const named = (number: string) => HELPLINES.find((h) => h.number === number)?.name
    expect(links).toEqual([
      { href: `tel:${EMERGENCY_NUMBER}`, text: `Call ${EMERGENCY_NUMBER}` },
      { href: '#sos', text: 'Emergency SOS' },
      { href: 'tel:181', text: `181 ${named('181')}` },
      { href: 'tel:1091', text: `1091 ${named('1091')}` },
      { href: '/help', text: 'All helplines' },
      { href: 'sms:?body=I%20need%20help.%20Please%20call%20me%20now.', text: 'Text someone for help' },
    ])
    // /help is the helplines screen.
    expect(existsSync(join(webDir, 'src/routes/help.tsx'))).toBe(true)
  })

  it("opens its own SOS sheet by CSS alone (#sos), hidden until then, which the app's sheet continues", () => {
    const sheet = block?.querySelector('#sos')
    expect(sheet?.getAttribute('aria-labelledby')).toBe('eb-h')
    expect(sheet?.querySelector('#eb-h')?.textContent).toBe('Emergency SOS')
    expect(style).toMatch(/\.eb-s\{display:none/)
    expect(style).toContain('.eb-s:target{display:block}')
  })

  it('is a labelled region inside #root, so the app replaces it when it renders', () => {
    expect(block?.tagName).toBe('SECTION')
    expect(block?.getAttribute('aria-label')).toBe('Emergency help')
    expect(page.querySelector('#root')?.children).toHaveLength(1)
  })

  it('needs no script and no style attribute (the CSP allows only its <style>, by hash)', () => {
    expect(block?.querySelector('script, [style], [onclick]')).toBeNull()
    expect(page.querySelectorAll('style')).toHaveLength(1)
    // Nothing in it waits for the app's stylesheet: the page's own box is set here too.
    expect(style).toMatch(/body\s*\{\s*margin:\s*0\s*;?\s*\}/)
  })
})
