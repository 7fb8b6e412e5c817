import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { expectInvalid } from '../../testing/answers.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import { type TestApp, withRateLimit } from '../../testing/test-app.ts'

let t: TestApp

const message = { fullName: ' Asha Rao ', emailId: 'asha@example.in', query: 'Can I schedule a demo?' }
const send = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress })

describe('POST /api/contact', () => {
  it('stores the message', async () => {
    t = await freshApp()
    const res = await send(message)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ success: true, message: 'Message sent successfully!' })
    const db = new Database(t.dbFile, { readonly: true })
    const rows = db.prepare('SELECT full_name, email, query FROM contact_messages').all()
    db.close()
    expect(rows).toEqual([{ full_name: 'Asha Rao', email: 'asha@example.in', query: 'Can I schedule a demo?' }])
  })

  it.each([
    [{ ...message, emailId: 'not-an-email' }, 'Invalid email format'],
    [{ ...message, fullName: '' }, 'Full name is required'],
    [{ ...message, query: '   ' }, 'Query is required'],
    [{ fullName: 'A', emailId: 'a@b.in' }, 'Query is required'],
    [{ ...message, query: 'x'.repeat(5001) }, 'Query must be at most 5000 characters'],
    [{ ...message, cc: 'x@y.in' }, 'Unknown field: cc'],
  ])('refuses %j with 400', async (body, text) => {
    t = await freshApp()
    expectInvalid(await send(body), text)
  })

  it('limits messages per IP', async () => {
    t = await freshApp(withRateLimit('contact', 2))
    expect((await send(message)).statusCode).toBe(201)
    expect((await send(message)).statusCode).toBe(201)
    const limited = await send(message)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' })
    expect((await send(message, '10.0.0.2')).statusCode).toBe(201)
  })
})
