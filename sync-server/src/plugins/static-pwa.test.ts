import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { pageScriptHashes, pageStyleHashes } from './static-pwa.ts'

const INDEX = '<!doctype html><title>Wings</title><script type="module" src="/assets/index-abc123.js"></script>'
const SCRIPT = 'console.log("wings")'
const BLOG_PAGE = `${INDEX}<link rel="modulepreload" href="/assets/blog-1.js">`
const HOME_PAGE = `${INDEX}<link rel="modulepreload" href="/assets/home-1.js">`
const DRAFTS_PAGE = `${INDEX}<link rel="modulepreload" href="/assets/drafts-1.js">`
const html = { accept: 'text/html,application/xhtml+xml' }
let webDist: string
let t: TestApp

beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'wings-web-'))
  mkdirSync(join(webDist, 'assets'))
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Wings"}')
  writeFileSync(join(webDist, '.env'), 'SECRET=1')
  mkdirSync(join(webDist, 'pages', 'user'), { recursive: true })
  writeFileSync(join(webDist, 'pages', 'user', 'drafts.html'), DRAFTS_PAGE)
  // As the build does: a Brotli and a gzip copy beside each text file.
  for (const [file, body] of [
    ['index.html', INDEX],
    ['pages/index.html', HOME_PAGE],
    ['pages/blog.html', BLOG_PAGE],
    ['assets/index-abc123.js', SCRIPT],
  ] as const) {
    writeFileSync(join(webDist, file), body)
    writeFileSync(join(webDist, `${file}.br`), brotliCompressSync(body))
    writeFileSync(join(webDist, `${file}.gz`), gzipSync(body))
  }
})
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true })
})
afterEach(async () => {
  await t.close()
})

describe('the built PWA', () => {
  it('serves index.html at / without caching it', async () => {
    t = await createTestApp({ webDist })
    const res = await t.app.inject({ url: '/', headers: html })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toBe(HOME_PAGE)
  })

  it.each(['/blog', '/help', '/profile', '/blog/stories/abc', '/user/draft/x', '/posts/new', '/s/token'])(
    'loads the app for the screen URL %s',
    async (url) => {
      t = await createTestApp({ webDist })
      const res = await t.app.inject({ url, headers: html })
      expect(res.statusCode).toBe(200)
      expect(res.body.startsWith(INDEX)).toBe(true)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    },
  )

  it("sends a screen's own copy of index.html that preloads its chunks, when the build made one", async () => {
    t = await createTestApp({ webDist })
    const page = async (url: string) => (await t.app.inject({ url, headers: html })).body
    expect(await page('/blog')).toBe(BLOG_PAGE)
    expect(await page('/blog/')).toBe(BLOG_PAGE)
    expect(await page('/blog?sort=trending')).toBe(BLOG_PAGE)
    expect(await page('/user/drafts')).toBe(DRAFTS_PAGE)
    expect(await page('/')).toBe(HOME_PAGE)
    expect((await t.app.inject({ url: '/' })).body).toBe(HOME_PAGE)
    for (const url of ['/help', '/blog/stories/abc', '/pages/blog', '/BLOG', '/blog.html'])
      expect(await page(url), url).toBe(INDEX)
  })

  it('caches hashed assets for a year and revalidates the service worker and manifest', async () => {
    t = await createTestApp({ webDist })
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it("sends the build's compressed copies to a browser that accepts them, and the originals to one that does not", async () => {
    t = await createTestApp({ webDist })
    for (const [url, headers, body] of [
      ['/assets/index-abc123.js', {}, SCRIPT],
      ['/', html, HOME_PAGE],
      ['/blog', html, BLOG_PAGE],
      ['/help', html, INDEX],
    ] as const) {
      const br = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } })
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers.vary).toMatch(/accept-encoding/i)
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(body)
      const plain = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'identity' } })
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body).toBe(body)
    }
    const asset = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } })
    expect(asset.headers['content-type']).toMatch(/javascript/)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('never answers /api with the app', async () => {
    t = await createTestApp({ webDist })
    for (const url of ['/api', '/api/', '/api/blog/stories/abc']) {
      const res = await t.app.inject({ url, headers: html })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.body).not.toContain('<title>Wings</title>')
    }
  })

  it('answers a missing file that is not a page with 404', async () => {
    t = await createTestApp({ webDist })
    const res = await t.app.inject({ url: '/assets/missing-123.js', headers: { accept: '*/*' } })
    expect(res.statusCode).toBe(404)
    const post = await t.app.inject({ method: 'POST', url: '/blog', headers: html })
    expect(post.statusCode).toBe(404)
  })

  it('does not serve dotfiles', async () => {
    t = await createTestApp({ webDist })
    const res = await t.app.inject({ url: '/.env' })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('SECRET')
  })
})

describe("the emergency block's inline style", () => {
  const CSS = '.eb{display:flex}.eb a{min-height:48px}'
  let styled: string
  beforeAll(() => {
    styled = mkdtempSync(join(tmpdir(), 'wings-web-'))
    writeFileSync(
      join(styled, 'index.html'),
      `<!doctype html><style>${CSS}</style><div id="root"><a href="tel:112">Call 112</a></div>`,
    )
  })
  afterAll(() => {
    rmSync(styled, { recursive: true, force: true })
  })

  it('is allowed by its hash alone, on every page and answer', async () => {
    t = await createTestApp({ webDist: styled })
    const hash = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`
    for (const url of ['/', '/sos', '/help', '/api/healthz']) {
      const csp = (await t.app.inject({ url, headers: html })).headers['content-security-policy'] as string
      expect(csp, url).toContain(`style-src 'self' ${hash};`)
      expect(csp, url).not.toContain('unsafe-inline')
    }
  })

  it('allows no other inline style: a changed or added one does not match', () => {
    expect(pageStyleHashes(styled)).toEqual([`'sha256-${createHash('sha256').update(CSS).digest('base64')}'`])
    expect(pageStyleHashes(webDist)).toEqual([])
    expect(pageStyleHashes(join(styled, 'missing'))).toEqual([])
  })
})

describe('a page that draws its screen before any script (web/scripts/first-paint.mjs)', () => {
  const BLOCK_CSS = '.eb{display:flex}'
  const SCREEN_CSS = '.hero{color:#fff}'
  const LANGUAGE = "document.documentElement.className+=' first-paint--off'"
  const START = 'import("/assets/index-abc.js")'
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
  let painted: string
  beforeAll(() => {
    painted = mkdtempSync(join(tmpdir(), 'wings-web-'))
    mkdirSync(join(painted, 'pages'))
    writeFileSync(
      join(painted, 'index.html'),
      `<!doctype html><style>${BLOCK_CSS}</style><script type="module" src="/assets/index-abc.js"></script>`,
    )
    writeFileSync(
      join(painted, 'pages', 'index.html'),
      `<!doctype html><style>${BLOCK_CSS}</style><style>${SCREEN_CSS}</style><script>${LANGUAGE}</script><div id="root"></div><script>${START}</script>`,
    )
    writeFileSync(join(painted, 'pages', 'blog.html'), `<!doctype html><style>${BLOCK_CSS}</style>`)
  })
  afterAll(() => {
    rmSync(painted, { recursive: true, force: true })
  })

  it('allows its inline styles and its two scripts by their hashes, on every page, and nothing else inline', async () => {
    expect(pageStyleHashes(painted)).toEqual([sha(BLOCK_CSS), sha(SCREEN_CSS)])
    // A <script src> is not inline: it has nothing to hash.
    expect(pageScriptHashes(painted)).toEqual([sha(LANGUAGE), sha(START)])
    t = await createTestApp({ webDist: painted })
    for (const url of ['/', '/blog', '/api/healthz']) {
      const csp = (await t.app.inject({ url, headers: html })).headers['content-security-policy'] as string
      expect(csp, url).toContain(`script-src 'self' ${sha(LANGUAGE)} ${sha(START)};`)
      expect(csp, url).toContain(`style-src 'self' ${sha(BLOCK_CSS)} ${sha(SCREEN_CSS)};`)
      expect(csp, url).not.toContain('unsafe-inline')
    }
  })

  it('allows no inline script where no page has one', async () => {
    expect(pageScriptHashes(webDist)).toEqual([])
    t = await createTestApp({ webDist })
    const csp = (await t.app.inject({ url: '/', headers: html })).headers['content-security-policy'] as string
    expect(csp).toContain("script-src 'self';")
  })
})

describe('without a built PWA', () => {
  it('keeps the API working and says to build the web app', async () => {
    t = await createTestApp()
    const page = await t.app.inject({ url: '/', headers: html })
    expect(page.statusCode).toBe(503)
    expect(page.headers['content-type']).toMatch(/^text\/plain/)
    expect(page.body).toContain('not been built')
    expect((await t.app.inject({ url: '/blog', headers: html })).statusCode).toBe(503)
    expect((await t.app.inject({ url: '/api/healthz' })).json()).toEqual({ ok: true })
  })
})
