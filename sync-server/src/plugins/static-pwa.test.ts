import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'

const INDEX = '<!doctype html><title>Wings</title><script type="module" src="/assets/index-abc123.js"></script>'
const html = { accept: 'text/html,application/xhtml+xml' }
let webDist: string
let t: TestApp

beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'wings-web-'))
  mkdirSync(join(webDist, 'assets'))
  writeFileSync(join(webDist, 'index.html'), INDEX)
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("wings")')
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Wings"}')
  writeFileSync(join(webDist, '.env'), 'SECRET=1')
})
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true })
})
afterEach(async () => {
  await t.close()
})

describe('the built PWA', () => {
  it('serves index.html at / without caching it', async () => {
    t = createTestApp({ webDist })
    const res = await t.app.inject({ url: '/', headers: html })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toBe(INDEX)
  })

  it.each(['/blog', '/help', '/profile', '/blog/stories/abc', '/user/draft/x', '/posts/new', '/s/token'])(
    'loads the app for the screen URL %s',
    async (url) => {
      t = createTestApp({ webDist })
      const res = await t.app.inject({ url, headers: html })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(INDEX)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    },
  )

  it('caches hashed assets for a year and revalidates the service worker and manifest', async () => {
    t = createTestApp({ webDist })
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it('never answers /api with the app', async () => {
    t = createTestApp({ webDist })
    for (const url of ['/api', '/api/', '/api/blog/stories/abc']) {
      const res = await t.app.inject({ url, headers: html })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.body).not.toContain('<title>Wings</title>')
    }
  })

  it('answers a missing file that is not a page with 404', async () => {
    t = createTestApp({ webDist })
    const res = await t.app.inject({ url: '/assets/missing-123.js', headers: { accept: '*/*' } })
    expect(res.statusCode).toBe(404)
    const post = await t.app.inject({ method: 'POST', url: '/blog', headers: html })
    expect(post.statusCode).toBe(404)
  })

  it('does not serve dotfiles', async () => {
    t = createTestApp({ webDist })
    const res = await t.app.inject({ url: '/.env' })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('SECRET')
  })
})

describe('without a built PWA', () => {
  it('keeps the API working and says to build the web app', async () => {
    t = createTestApp()
    const page = await t.app.inject({ url: '/', headers: html })
    expect(page.statusCode).toBe(503)
    expect(page.headers['content-type']).toMatch(/^text\/plain/)
    expect(page.body).toContain('not been built')
    expect((await t.app.inject({ url: '/blog', headers: html })).statusCode).toBe(503)
    expect((await t.app.inject({ url: '/api/healthz' })).json()).toEqual({ ok: true })
  })
})
