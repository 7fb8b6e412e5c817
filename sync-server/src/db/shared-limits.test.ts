import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createSharedAttemptLimit, createSharedCounts, type SharedCounts } from './shared-limits.ts'
import { type LimitBackend, openLimitBackend } from './shared-limits-testing.ts'
import { DIALECTS } from './sql-test-backends.ts'

const T0 = 1_764_000_000_000
const MINUTE = 60_000

describe.each(DIALECTS)('shared limits on %s', (dialect) => {
  let limits: LimitBackend
  let a: SharedCounts
  let b: SharedCounts
  const rows = () =>
    limits.backend.reader.all<{ key: Buffer; count: number; reset_at: number }>('SELECT * FROM limit_counts')

  beforeAll(async () => {
    limits = await openLimitBackend(dialect)
    a = await limits.instance()
    b = await limits.instance()
  })
  afterAll(() => limits.backend.close())
  beforeEach(async () => {
    await limits.backend.sql.run('DELETE FROM limit_counts')
  })

  it('counts hits in a fixed window from the first hit, and starts again once it has ended', async () => {
    expect(await a.hit('k', MINUTE, T0)).toEqual({ count: 1, resetAt: T0 + MINUTE })
    expect(await b.hit('k', MINUTE, T0 + 10)).toEqual({ count: 2, resetAt: T0 + MINUTE })
    expect(await a.hit('k', MINUTE, T0 + MINUTE - 1)).toEqual({ count: 3, resetAt: T0 + MINUTE })
    expect(await b.hit('k', MINUTE, T0 + MINUTE)).toEqual({ count: 1, resetAt: T0 + 2 * MINUTE })
    expect(await a.hit('other', MINUTE, T0 + MINUTE)).toEqual({ count: 1, resetAt: T0 + 2 * MINUTE })
  })

  it('reads a window without counting, and forgets a cleared one', async () => {
    await a.hit('k', MINUTE, T0)
    await a.hit('k', MINUTE, T0)
    expect(await b.read('k', T0 + 1)).toEqual({ count: 2, resetAt: T0 + MINUTE })
    expect(await b.read('k', T0 + 1)).toEqual({ count: 2, resetAt: T0 + MINUTE })
    expect(await b.read('k', T0 + MINUTE)).toBeUndefined()
    expect(await b.read('never', T0)).toBeUndefined()
    await b.clear('k')
    expect(await a.read('k', T0 + 1)).toBeUndefined()
    expect(await a.hit('k', MINUTE, T0 + 2)).toEqual({ count: 1, resetAt: T0 + 2 + MINUTE })
  })

  it('loses no hit made at once through two instances: N hits count 1 to N', async () => {
    const n = 40
    const windows = await Promise.all(
      Array.from({ length: n }, (_, i) => (i % 2 ? a : b).hit('busy', MINUTE, T0 + (i % 3))),
    )
    expect(windows.map((window) => window.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: n }, (_, i) => i + 1),
    )
    expect(new Set(windows.map((window) => window.resetAt)).size).toBe(1)
    expect((await rows()).map((row) => row.count)).toEqual([n])
  })

  it('stores no key in clear: an HMAC under the secret, different under another secret', async () => {
    const ip = '203.0.113.77'
    const email = 'her.name@example.org'
    await a.hit(`attempt:login:${ip}|${email}`, MINUTE, T0)
    const other = createSharedCounts(limits.backend.peer, randomBytes(32))
    await other.hit(`attempt:login:${ip}|${email}`, MINUTE, T0)
    const stored = await rows()
    expect(stored).toHaveLength(2)
    for (const row of stored) {
      expect(Buffer.isBuffer(row.key) && row.key.length).toBe(32)
      for (const clear of [ip, email, 'login', '203.0.113']) expect(row.key.includes(clear)).toBe(false)
    }
    const dump = JSON.stringify(await limits.backend.reader.all('SELECT * FROM limit_counts'))
    expect(dump).not.toContain(ip)
    expect(dump).not.toContain(email)
  })

  it('refuses a secret short enough to guess', () => {
    expect(() => createSharedCounts(limits.backend.sql, randomBytes(16))).toThrow(RangeError)
  })

  it('sweeps the windows that have ended and keeps the others', async () => {
    await a.hit('short', 1000, T0)
    await a.hit('ends-now', MINUTE, T0)
    await a.hit('long', 10 * MINUTE, T0)
    expect(await b.sweep(T0 + MINUTE)).toBe(2)
    expect((await rows()).map((row) => row.reset_at)).toEqual([T0 + 10 * MINUTE])
    expect(await a.hit('long', MINUTE, T0 + 1)).toEqual({ count: 2, resetAt: T0 + 10 * MINUTE })
    expect(await b.sweep(T0 + MINUTE)).toBe(0)
  })

  if (dialect === 'postgres') {
    it('counts a hit made inside a caller transaction that fails: it is not rolled back with it', async () => {
      const { sql } = limits.backend
      // Even counts made on the caller's own pool run outside its transaction.
      const onCallersPool = createSharedCounts(sql, limits.secret)
      await expect(
        sql.transaction(async (tx) => {
          await tx.run('CREATE TABLE made_in_tx (id BIGINT)')
          await a.hit('k', MINUTE, T0)
          await onCallersPool.hit('k', MINUTE, T0)
          throw new Error('the caller fails')
        }),
      ).rejects.toThrow('the caller fails')
      expect(await sql.get("SELECT to_regclass('made_in_tx') AS t")).toEqual({ t: null })
      expect(await b.read('k', T0)).toEqual({ count: 2, resetAt: T0 + MINUTE })
    })

    it('keeps the counts in an UNLOGGED table: not in the WAL, replicas or backups', async () => {
      const table = await limits.backend.sql.get("SELECT relpersistence FROM pg_class WHERE relname = 'limit_counts'")
      expect(table).toEqual({ relpersistence: 'u' })
    })
  } else {
    it('counts a hit made inside a caller transaction that fails: it is not rolled back with it', async () => {
      // One SQLite file has one writer: a caller's write transaction would hold the lock a count needs, so on SQLite
      // counts are made beside read transactions only (production SQLite counts in memory).
      await expect(
        limits.backend.sql.snapshot(async () => {
          await a.hit('k', MINUTE, T0)
          throw new Error('the caller fails')
        }),
      ).rejects.toThrow('the caller fails')
      expect(await b.read('k', T0)).toEqual({ count: 1, resetAt: T0 + MINUTE })
    })
  }

  describe('createSharedAttemptLimit', () => {
    let clock = T0
    const now = () => clock
    const limit = { max: 2, windowMs: MINUTE }
    beforeEach(() => {
      clock = T0
    })

    it('allows max attempts in a window, then says how many seconds to wait, like createAttemptLimit', async () => {
      const login = createSharedAttemptLimit(a, 'login', limit, now)
      expect(await login.attempt('ip|her@example.org')).toBe(0)
      expect(await login.wait('ip|her@example.org')).toBe(0)
      expect(await login.attempt('ip|her@example.org')).toBe(0)
      expect(await login.wait('ip|her@example.org')).toBe(0)
      clock += 15_500
      expect(await login.attempt('ip|her@example.org')).toBe(45)
      expect(await login.wait('ip|her@example.org')).toBe(45)
      expect(await login.wait('ip|her@example.org')).toBe(45)
      expect(await login.attempt('ip|someone@example.org')).toBe(0)
      clock = T0 + MINUTE
      expect(await login.wait('ip|her@example.org')).toBe(0)
      expect(await login.attempt('ip|her@example.org')).toBe(0)
    })

    it('starts the count again after a success', async () => {
      const login = createSharedAttemptLimit(a, 'login', limit, now)
      for (let i = 0; i < 3; i++) await login.attempt('key')
      expect(await login.wait('key')).toBe(60)
      await login.succeeded('key')
      expect(await login.wait('key')).toBe(0)
      expect(await login.attempt('key')).toBe(0)
    })

    it('holds one limit across instances, and keeps limits of different names apart', async () => {
      const onA = createSharedAttemptLimit(a, 'login', limit, now)
      const onB = createSharedAttemptLimit(b, 'login', limit, now)
      const email = createSharedAttemptLimit(b, 'loginEmail', limit, now)
      expect([await onA.attempt('key'), await onB.attempt('key')]).toEqual([0, 0])
      expect(await onA.attempt('key')).toBe(60)
      expect(await onB.wait('key')).toBe(60)
      expect(await email.attempt('key')).toBe(0)
      await onB.succeeded('key')
      expect(await onA.wait('key')).toBe(0)
    })
  })
})
