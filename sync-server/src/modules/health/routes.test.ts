import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
afterEach(async () => {
  await t.close()
})

describe('GET /api/healthz', () => {
  it('answers ok when the database answers', async () => {
    t = createTestApp()
    const res = await t.app.inject({ url: '/api/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
  })
})
