import { describe, expect, it } from 'vitest'
import { freshApp } from '../../testing/fresh-app.ts'
import type { TestApp } from '../../testing/test-app.ts'

let t: TestApp

describe('GET /api/healthz', () => {
  it('answers ok when the database answers', async () => {
    t = await freshApp()
    const res = await t.app.inject({ url: '/api/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
  })
})
