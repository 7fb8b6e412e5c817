import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isUniqueViolation, type Sql } from './sql.ts'
import { DIALECTS, openTestBackend, type TestBackend } from './sql-test-backends.ts'

const TABLE = `CREATE TABLE items (
  id TEXT PRIMARY KEY,
  n BIGINT NOT NULL DEFAULT 0,
  at_ms BIGINT,
  x DOUBLE PRECISION,
  data BYTEA_OR_BLOB,
  note TEXT UNIQUE
)`

/** Resolves when `open()` is called: lets a test hold a transaction open while it does something else. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open: () => open(), opened }
}

describe.each(DIALECTS)('the query layer on %s', (dialect) => {
  let backend: TestBackend
  let sql: Sql
  const count = async (db = sql) => (await db.get<{ n: number }>('SELECT count(*) AS n FROM items'))?.n

  beforeAll(async () => {
    backend = await openTestBackend(dialect)
    sql = backend.sql
    await sql.exec(TABLE.replace('BYTEA_OR_BLOB', dialect === 'postgres' ? 'BYTEA' : 'BLOB'))
  })
  afterAll(() => backend.close())

  it('runs statements with ? and @name placeholders and answers plain rows', async () => {
    await sql.run('DELETE FROM items')
    expect(await sql.run('INSERT INTO items (id, n) VALUES (?, ?)', ['a', 1])).toEqual({ changes: 1 })
    expect(await sql.run('INSERT INTO items (id, n, note) VALUES (@id, @n, @id)', { id: 'b', n: 2 })).toEqual({
      changes: 1,
    })
    expect(await sql.all('SELECT id, n, note FROM items ORDER BY id')).toEqual([
      { id: 'a', n: 1, note: null },
      { id: 'b', n: 2, note: 'b' },
    ])
    expect(await sql.get('SELECT id FROM items WHERE id = ?', ['b'])).toEqual({ id: 'b' })
    expect(await sql.get('SELECT id FROM items WHERE id = ?', ['none'])).toBeUndefined()
    expect(await sql.run('UPDATE items SET n = n + 1')).toEqual({ changes: 2 })
    expect(await sql.all('INSERT INTO items (id) VALUES (?)', ['c'])).toEqual([])
    expect(await sql.all('INSERT INTO items (id) VALUES (?) RETURNING id, n', ['d'])).toEqual([{ id: 'd', n: 0 }])
    expect(await sql.run('INSERT INTO items (id) VALUES (?) ON CONFLICT (id) DO NOTHING', ['d'])).toEqual({
      changes: 0,
    })
  })

  it('leaves placeholders inside quoted strings and comments alone', async () => {
    const row = await sql.get("SELECT '?' AS q, 'it''s @me' AS s, ? AS v -- a comment with ? and @x", ['value'])
    expect(row).toEqual({ q: '?', s: "it's @me", v: 'value' })
  })

  it('gives integers, epoch millis, counts, sums and booleans as numbers, blobs as Buffers', async () => {
    await sql.run('DELETE FROM items')
    const bytes = Buffer.from([0, 1, 2, 255])
    await sql.run('INSERT INTO items (id, n, at_ms, x, data) VALUES (?, ?, ?, ?, ?)', [
      'a',
      7,
      1_764_000_000_123,
      0.5,
      bytes,
    ])
    await sql.run('INSERT INTO items (id, n) VALUES (?, ?)', ['b', 3])
    const row = await sql.get<Record<string, unknown>>('SELECT n, at_ms, x, data FROM items WHERE id = ?', ['a'])
    expect(row).toEqual({ n: 7, at_ms: 1_764_000_000_123, x: 0.5, data: bytes })
    expect(Buffer.isBuffer(row?.data)).toBe(true)
    const totals = await sql.get(
      `SELECT count(*) AS rows, sum(n) AS total, max(n) AS top,
        EXISTS (SELECT 1 FROM items WHERE n > 5) AS big, (1 = 2) AS never FROM items`,
    )
    expect(totals).toEqual({ rows: 2, total: 10, top: 7, big: 1, never: 0 })
  })

  it('refuses wrong parameters with a RangeError before anything runs', async () => {
    await expect(sql.run('INSERT INTO items (id, n) VALUES (@id, @n)', { id: 'x' })).rejects.toThrow(
      /Missing named parameter "n"/,
    )
    await expect(sql.run('INSERT INTO items (id, n) VALUES (?, ?)', ['x'])).rejects.toThrow(RangeError)
    await expect(sql.run('INSERT INTO items (id) VALUES (?)', ['x', 'y'])).rejects.toThrow(RangeError)
    expect(await sql.get('SELECT id FROM items WHERE id = ?', ['x'])).toBeUndefined()
  })

  it('commits a transaction, and rolls all of it back when it throws', async () => {
    await sql.run('DELETE FROM items')
    const answer = await sql.transaction(async (tx) => {
      await tx.run('INSERT INTO items (id) VALUES (?)', ['kept'])
      return 'done'
    })
    expect(answer).toBe('done')
    await expect(
      sql.transaction(async (tx) => {
        await tx.run('INSERT INTO items (id) VALUES (?)', ['lost'])
        throw new Error('no')
      }),
    ).rejects.toThrow('no')
    expect(await sql.all('SELECT id FROM items')).toEqual([{ id: 'kept' }])
  })

  it('makes a nested transaction a savepoint: rolled back alone, the outer one goes on', async () => {
    await sql.run('DELETE FROM items')
    await sql.transaction(async (tx) => {
      await tx.run('INSERT INTO items (id) VALUES (?)', ['outer'])
      await expect(
        tx.transaction(async (inner) => {
          await inner.run('INSERT INTO items (id) VALUES (?)', ['inner'])
          throw new Error('inner fails')
        }),
      ).rejects.toThrow('inner fails')
      await tx.transaction(async (inner) => {
        await inner.transaction(async (deepest) => deepest.run('INSERT INTO items (id) VALUES (?)', ['deepest']))
      })
    })
    expect(await sql.all('SELECT id FROM items ORDER BY id')).toEqual([{ id: 'deepest' }, { id: 'outer' }])
  })

  it('runs statements made through the database Sql inside a transaction in that transaction', async () => {
    await sql.run('DELETE FROM items')
    // A repo holds the database's Sql; a service opens the transaction around its calls.
    const repo = { add: (id: string) => sql.run('INSERT INTO items (id) VALUES (?)', [id]) }
    await expect(
      sql.transaction(async () => {
        await repo.add('r1')
        await sql.transaction(async () => repo.add('r2'))
        expect(await count()).toBe(2)
        throw new Error('undo both')
      }),
    ).rejects.toThrow('undo both')
    expect(await count()).toBe(0)
  })

  it('keeps statements made outside an open transaction out of it', async () => {
    await sql.run('DELETE FROM items')
    const hold = gate()
    const recorded = gate()
    const failing = sql.transaction(async (tx) => {
      await tx.run('INSERT INTO items (id) VALUES (?)', ['inside'])
      recorded.open()
      await hold.opened
      throw new Error('rolled back')
    })
    await recorded.opened
    const outside = sql.run('INSERT INTO items (id) VALUES (?)', ['outside'])
    hold.open()
    await expect(failing).rejects.toThrow('rolled back')
    await outside
    expect(await sql.all('SELECT id FROM items')).toEqual([{ id: 'outside' }])
  })

  it('runs concurrent transactions of one Sql without mixing them up', async () => {
    await sql.run('DELETE FROM items')
    await sql.run('INSERT INTO items (id, n) VALUES (?, ?)', ['counter', 0])
    const add = (i: number) =>
      sql.transaction(async (tx) => {
        await tx.run('UPDATE items SET n = n + 1 WHERE id = ?', ['counter'])
        await tx.run('INSERT INTO items (id) VALUES (?)', [`t${i}`])
        if (i % 2 === 1) throw new Error('odd ones roll back')
      })
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(add))
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ])
    expect(await sql.get('SELECT n FROM items WHERE id = ?', ['counter'])).toEqual({ n: 3 })
    expect(await sql.all("SELECT id FROM items WHERE id LIKE 't%' ORDER BY id")).toEqual([
      { id: 't0' },
      { id: 't2' },
      { id: 't4' },
    ])
  })

  it('refuses statements through a transaction after it ended', async () => {
    let leaked: Sql | undefined
    await sql.transaction(async (tx) => {
      leaked = tx
    })
    await expect(leaked?.get('SELECT 1 AS one')).rejects.toThrow(/transaction has ended/)
  })

  it('recognises a unique violation on either kind of key, and nothing else', async () => {
    await sql.run('DELETE FROM items')
    await sql.run('INSERT INTO items (id, note) VALUES (?, ?)', ['a', 'taken'])
    const failure = (text: string, params: unknown[]) =>
      sql.run(text, params).then(
        () => null,
        (error) => error,
      )
    expect(isUniqueViolation(await failure('INSERT INTO items (id) VALUES (?)', ['a']))).toBe(true)
    expect(isUniqueViolation(await failure('INSERT INTO items (id, note) VALUES (?, ?)', ['b', 'taken']))).toBe(true)
    const notNull = await failure('INSERT INTO items (id, n) VALUES (?, ?)', ['c', null])
    expect(notNull).toBeInstanceOf(Error)
    expect(isUniqueViolation(notNull)).toBe(false)
    expect(isUniqueViolation(new Error('plain'))).toBe(false)
    expect(isUniqueViolation(null)).toBe(false)
    expect(isUniqueViolation('23505')).toBe(false)
  })

  it('goes on after a unique violation caught in a savepoint (applied once), and not after one caught outside', async () => {
    await sql.run('DELETE FROM items')
    const applyOnce = (tx: Sql, id: string) =>
      tx
        .transaction((savepoint) => savepoint.run('INSERT INTO items (id) VALUES (?)', [id]))
        .then(
          () => 'applied',
          (error) => {
            if (isUniqueViolation(error)) return 'duplicate'
            throw error
          },
        )
    const statuses = await sql.transaction(async (tx) => [
      await applyOnce(tx, 'op1'),
      await applyOnce(tx, 'op1'),
      await applyOnce(tx, 'op2'),
    ])
    expect(statuses).toEqual(['applied', 'duplicate', 'applied'])
    expect(await count()).toBe(2)

    // PostgreSQL aborts the transaction at the error; SQLite would go on, but the layer holds both to the same rule.
    const swallowed = sql.transaction(async (tx) => {
      await tx.run('INSERT INTO items (id) VALUES (?)', ['op3'])
      await tx.run('INSERT INTO items (id) VALUES (?)', ['op1']).catch(() => {})
    })
    await expect(swallowed).rejects.toThrow(/failed, so it was rolled back/)
    await swallowed.catch((error) => expect(isUniqueViolation(error.cause)).toBe(true))
    expect(await count()).toBe(2)
  })

  it('reads one committed state in a snapshot, and refuses writes in it', async () => {
    await sql.run('DELETE FROM items')
    const other = await backend.connect()
    const seen = await sql.snapshot(async (tx) => {
      const before = await count(tx)
      await other.run('INSERT INTO items (id) VALUES (?)', ['committed meanwhile'])
      return [before, await count(tx)]
    })
    expect(seen).toEqual([0, 0])
    expect(await count()).toBe(1)
    await expect(sql.snapshot((tx) => tx.run('INSERT INTO items (id) VALUES (?)', ['no']))).rejects.toThrow()
    // Writes work again after it.
    await sql.run('INSERT INTO items (id) VALUES (?)', ['yes'])
    expect(await count()).toBe(2)
  })

  it('runs several statements in exec', async () => {
    await sql.exec("DELETE FROM items; INSERT INTO items (id) VALUES ('e1'); INSERT INTO items (id) VALUES ('e2')")
    expect(await count()).toBe(2)
  })
})
