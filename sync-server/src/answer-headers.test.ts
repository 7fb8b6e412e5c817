import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERMISSIONS_POLICY } from './plugins/security-headers.ts'
import { CALLERS, type Caller, ENDPOINTS, type Endpoint, injectOptions, routeKey } from './testing/endpoints.ts'
import { createFixture, createRegionTestApp } from './testing/fixture.ts'
import { createTestApp, type TestApp } from './testing/test-app.ts'

/**
 * Endpoints whose answer is the same for every caller, so a browser or proxy may keep it, and their Cache-Control (the
 * area bundle is kept but revalidated each time: its ETag changes with reports and ratings). Every other endpoint's
 * answers, to every caller, must be Cache-Control: no-store (plugins/private-answers.ts).
 */
const SHARED = new Map([
  ['GET /api/tiles/:z/:x/:file', /^public, max-age=\d+$/],
  ['GET /api/offline/area', /^public, no-cache$/],
])

let t: TestApp
/** Each row's answer to each caller, each on a fixture of its own (as in authorization.test.ts). */
const answers = new Map<Endpoint, Record<Caller, LightMyRequestResponse>>()

beforeAll(async () => {
  t = await createRegionTestApp()
  for (const endpoint of ENDPOINTS) {
    const byCaller: Partial<Record<Caller, LightMyRequestResponse>> = {}
    for (const as of CALLERS) byCaller[as] = await t.app.inject(injectOptions(endpoint, await createFixture(t.app), as))
    answers.set(endpoint, byCaller as Record<Caller, LightMyRequestResponse>)
  }
}, 120_000)
afterAll(async () => {
  await t.close()
})

const label = (e: Endpoint) => `${routeKey(e)}${e.variant ? ` (${e.variant})` : ''}`
const rows = ENDPOINTS.map((endpoint): [string, Endpoint] => [label(endpoint), endpoint])

describe('Cache-Control', () => {
  it.each(rows)('%s answers every caller no-store, unless its answer is the same for all', (_, endpoint) => {
    const byCaller = answers.get(endpoint)
    if (!byCaller) throw new Error('no answers')
    for (const as of CALLERS) {
      const res = byCaller[as]
      expect(res.statusCode, `${as}: ${res.body}`).toBe(endpoint.expect[as])
      const shared = SHARED.get(routeKey(endpoint))
      if (shared) expect(res.headers['cache-control'], as).toMatch(shared)
      else expect(res.headers['cache-control'], as).toBe('no-store')
    }
  })

  it('lets only public endpoints be shared, with the same answer for every caller', () => {
    for (const endpoint of ENDPOINTS.filter((e) => SHARED.has(routeKey(e)))) {
      expect(endpoint.access).toBe('public')
      const byCaller = answers.get(endpoint)
      const bodies = CALLERS.map((as) => byCaller?.[as].rawPayload.toString('base64'))
      expect(new Set(bodies).size).toBe(1)
    }
  })
})

describe('Permissions-Policy', () => {
  it.each(rows)('%s sends it to every caller', (_, endpoint) => {
    for (const as of CALLERS)
      expect(answers.get(endpoint)?.[as].headers['permissions-policy'], as).toBe(PERMISSIONS_POLICY)
  })

  it('allows her position, clipboard writes, motion and the microphone to the app only, and turns the camera off', () => {
    const features = new Map(PERMISSIONS_POLICY.split(', ').map((entry) => entry.split('=') as [string, string]))
    for (const own of ['geolocation', 'clipboard-write', 'accelerometer', 'gyroscope', 'microphone'])
      expect(features.get(own), own).toBe('(self)')
    for (const off of ['camera', 'payment', 'usb', 'display-capture']) expect(features.get(off)).toBe('()')
  })

  it('is sent with pages, files, and every refusal, even those no hook sees', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'wings-web-'))
    mkdirSync(join(webDist, 'assets'))
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Wings</title>')
    writeFileSync(join(webDist, 'assets', 'app.js'), 'export {}')
    const withWeb = await createTestApp({ webDist })
    const notBuilt = await createTestApp()
    try {
      const html = { accept: 'text/html' }
      for (const [app, method, url, headers, status] of [
        [withWeb, 'GET', '/', html, 200],
        [withWeb, 'GET', '/blog', html, 200],
        [withWeb, 'GET', `/s/${'A'.repeat(43)}`, html, 200],
        [withWeb, 'GET', '/assets/app.js', {}, 200],
        [withWeb, 'GET', '/api/missing', {}, 404],
        [notBuilt, 'GET', '/', html, 503],
        [withWeb, 'GET', '/api/stories/%E0%A4%A', {}, 400],
        [withWeb, 'DELETE', `/api/stories/${'a'.repeat(101)}`, {}, 414],
        [withWeb, 'GET', `/${'a'.repeat(20_000)}`, html, 414],
      ] as const) {
        const res = await app.app.inject({ method, url, headers })
        expect(res.statusCode, url.slice(0, 40)).toBe(status)
        expect(res.headers['permissions-policy'], url.slice(0, 40)).toBe(PERMISSIONS_POLICY)
      }
    } finally {
      await withWeb.close()
      await notBuilt.close()
      rmSync(webDist, { recursive: true, force: true })
    }
  })
})
