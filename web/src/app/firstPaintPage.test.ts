import { afterEach, describe, expect, it } from 'vitest'
import { startingLanguage } from '../i18n/language.ts'
import {
  FIRST_PAINT_CSS,
  firstPaintPage,
  LANGUAGE_SCRIPT,
  startScript,
  staticCopy,
  stylesheetsOf,
} from './firstPaintPage.ts'
import { firstScreenMarkup } from './firstScreenMarkup.tsx'

// A screen's copy of index.html as vite build and page-preloads.mjs write it (shortened).
const BLOCK =
  '<section class="eb" aria-label="Emergency help"><a class="eb-112" href="tel:112">Call 112</a><a class="eb-sos" href="#sos">Emergency SOS</a><section id="sos" class="eb-s"><h2 id="eb-h">Emergency SOS</h2></section></section>'
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <style>.eb{display:flex}</style>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  <link rel="manifest" href="/manifest.webmanifest">
    <link rel="modulepreload" crossorigin href="/assets/routes-1.js">
    <link rel="modulepreload" crossorigin href="/assets/HomePage-2.js">
  </head>
  <body>
    <div id="root">${BLOCK}</div>
    <noscript>Wings needs JavaScript to run.</noscript>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
    <link rel="stylesheet" crossorigin href="/assets/HomePage-2.css">
  </body>
</html>
`
const MARKUP =
  '<div class="app"><a class="skip-link" href="#main">Skip to content</a><header class="site-header"><a href="/"><img alt="" src="/src/assets/logo.svg"></a><button type="button" class="sos-button">Emergency SOS</button></header><main id="main" class="main"><h1>They built cages</h1><button type="button">Download Our App</button><dialog class="dialog"><h2>Add Wings</h2><button>Close</button></dialog></main><footer class="site-footer"><a href="/about">About</a><form class="support-box"><input></form></footer><button class="chat-button">Chat</button><dialog><a href="tel:112">Call 112</a></dialog></div>'
const assetUrl = (src: string) => src.replace('/src/assets/logo.svg', '/assets/logo-1.svg')

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('firstPaintPage', () => {
  const page = firstPaintPage(PAGE, { markup: MARKUP, css: '.hero{color:#fff}', assetUrl })
  const doc = parse(page)

  it('draws the screen after the emergency block, which stays first in #root and keeps its own style', () => {
    const root = doc.querySelector('#root')
    expect(root?.firstElementChild?.outerHTML).toBe(BLOCK)
    expect(root?.children).toHaveLength(2)
    expect(root?.lastElementChild?.className).toBe('app app--first-paint')
    expect(root?.querySelector('main h1')?.textContent).toBe('They built cages')
    expect(doc.querySelector('style')?.textContent).toBe('.eb{display:flex}')
  })

  it('inlines the stylesheets and links none, so the first paint waits for no request', () => {
    expect(stylesheetsOf(PAGE)).toEqual(['/assets/index-abc.css', '/assets/HomePage-2.css'])
    expect(doc.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0)
    expect(doc.querySelectorAll('style')[1]?.textContent).toBe(`.hero{color:#fff}${FIRST_PAINT_CSS}`)
  })

  it("requests the app's script and the screen's chunks only from the script that runs after the first paint", () => {
    expect(doc.querySelectorAll('script[src], link[rel="modulepreload"]')).toHaveLength(0)
    const scripts = [...doc.querySelectorAll('script')].map((s) => s.textContent)
    expect(scripts).toEqual([
      LANGUAGE_SCRIPT,
      startScript(
        '/assets/index-abc.js',
        ['/assets/routes-1.js', '/assets/HomePage-2.js'],
        ['/assets/index-abc.css', '/assets/HomePage-2.css'],
      ),
    ])
    // The starter comes last in <body>, after #root.
    expect(doc.body.lastElementChild?.textContent).toBe(scripts[1])
    expect(scripts[1]).toContain('import("/assets/index-abc.js")')
    expect(scripts[1]).toContain('["/assets/routes-1.js","/assets/HomePage-2.js"]')
    // Linked again then, so the app's loader finds the screen's stylesheet and does not fetch it and wait.
    expect(scripts[1]).toContain('["/assets/index-abc.css","/assets/HomePage-2.css"]')
    // The manifest (installing the app) is untouched.
    expect(doc.querySelector('link[rel="manifest"]')).not.toBeNull()
  })

  it('marks the page, so its CSS can hide the copy in another language', () => {
    expect(doc.documentElement.className).toBe('first-paint')
    expect(FIRST_PAINT_CSS).toContain('.first-paint--off .app--first-paint{display:none}')
  })

  it('refuses a page that is not as the build makes it, rather than write a broken one', () => {
    expect(() =>
      firstPaintPage(PAGE.replace(/<script type="module"[^>]*><\/script>/, ''), { markup: MARKUP, css: '', assetUrl }),
    ).toThrow(/not as the build/)
    expect(() =>
      firstPaintPage(PAGE.replace('<section class="eb"', '<section'), { markup: MARKUP, css: '', assetUrl }),
    ).toThrow(/not as the build/)
    expect(() => firstPaintPage(PAGE, { markup: '<div class="app"></div>', css: '', assetUrl })).toThrow(/no <main>/)
  })
})

describe('staticCopy', () => {
  const copy = parse(staticCopy(MARKUP, assetUrl)).body

  it("keeps the screen and the footer, not the frame's controls that only the app can work", () => {
    expect(copy.querySelector('main')).not.toBeNull()
    expect(copy.querySelector('footer a')?.getAttribute('href')).toBe('/about')
    expect(copy.querySelector('header, .skip-link, .chat-button, dialog')).toBeNull()
    expect(copy.textContent).not.toContain('Add Wings')
    // No second SOS button that does nothing, no second Call 112.
    expect(copy.textContent).not.toContain('Emergency SOS')
    expect(copy.querySelector('a[href="tel:112"]')).toBeNull()
  })

  it('makes its buttons and forms inert: nothing there is pressed or sent before the app runs', () => {
    expect([...copy.querySelectorAll('button, form')].map((el) => el.hasAttribute('inert'))).toEqual([true, true])
  })

  it('names assets at their built URLs', () => {
    const markup = MARKUP.replace('<h1>', '<h1><img alt="" src="/src/assets/logo.svg">')
    expect(parse(staticCopy(markup, assetUrl)).querySelector('main img')?.getAttribute('src')).toBe(
      '/assets/logo-1.svg',
    )
  })
})

describe('LANGUAGE_SCRIPT', () => {
  afterEach(() => localStorage.clear())

  /** Runs the page's script with these globals; answers whether it hid the English copy. */
  function hides(search: string, languages: string[], kept: string | null): boolean {
    const root = { className: 'first-paint' }
    const storage = { getItem: (key: string) => (key === 'wings.language' ? kept : null) }
    new Function('document', 'location', 'navigator', 'localStorage', LANGUAGE_SCRIPT)(
      { documentElement: root },
      { search },
      { languages, language: languages[0] ?? 'en' },
      storage,
    )
    return root.className === 'first-paint first-paint--off'
  }

  it.each([
    ['', ['en-IN'], null],
    ['', ['hi-IN', 'en'], null],
    ['', ['mr'], null],
    ['', ['ta-IN', 'fr'], null],
    ['', ['ta-IN', 'mr_IN'], null],
    ['', ['MR-in'], null],
    ['', [], null],
    ['', ['hi'], 'en'],
    ['', ['en'], 'hi'],
    ['', ['hi'], 'klingon'],
    ['?lang=mr', ['en'], 'en'],
    ['?lang=en', ['hi'], 'hi'],
    ['?lang=xx', ['hi'], null],
    ['?lang=', ['mr'], 'mr'],
  ] as const)('chooses as the app does: %s %j kept %s', (search, languages, kept) => {
    if (kept !== null) localStorage.setItem('wings.language', kept)
    const app = startingLanguage(search, languages.length > 0 ? languages : ['en'])
    expect(hides(search, [...languages], kept)).toBe(app !== 'en')
  })

  it('shows the copy when storage is refused (private mode) and the browser reads English', () => {
    const root = { className: 'first-paint' }
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
    }
    new Function('document', 'location', 'navigator', 'localStorage', LANGUAGE_SCRIPT)(
      { documentElement: root },
      { search: '' },
      { languages: ['en-GB'], language: 'en-GB' },
      refusing,
    )
    expect(root.className).toBe('first-paint')
  })
})

describe('firstScreenMarkup', () => {
  it("draws the home page as the app's first render does, in English, ready to become the page's copy", async () => {
    const markup = await firstScreenMarkup('/', '.features')
    const app = parse(markup).body
    expect(app.querySelector('.app main h1')?.textContent).toBe('They built cages, she grew wings...')
    expect(app.querySelectorAll('.features li')).toHaveLength(6)
    const copy = parse(staticCopy(markup, (src) => `/built${src}`)).body
    expect(copy.querySelector('main .hero')).not.toBeNull()
    expect(copy.querySelector('footer')).not.toBeNull()
    expect(copy.querySelector('header, dialog')).toBeNull()
    // Nothing left of the frame that is not there before the app (its header and its SOS work only with it).
    expect(copy.textContent).not.toContain('Quick exit')
  })

  it('says so when the screen never draws what it waits for', async () => {
    await expect(firstScreenMarkup('/', '.not-on-the-page', 200)).rejects.toThrow(/did not draw/)
  })
})
