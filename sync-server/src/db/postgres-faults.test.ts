// PostgreSQL's faults as the layer reports them, provoked for real: a connection ended mid-transaction, a deadlock, a
// read-only database, a pool with no connection to give; and the mistakes that must stay what they are.
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/postgres.ts'
import { PostgresFault, postgresFaultKind } from './postgres-faults.ts'
import { connectPostgres, createPostgresSql, ROW_TYPES } from './postgres-sql.ts'
import type { Sql } from './sql.ts'
import { isStorageFault, storageFaultKind } from './storage-fault.ts'

let database: TestDatabase
let sql: Sql
let admin: pg.Client

beforeAll(async () => {
  database = await createTestDatabase()
  sql = await connectPostgres(database.url, { retries: 0 })
  admin = new pg.Client({ connectionString: database.url })
  await admin.connect()
  await sql.exec('CREATE TABLE notes (id BIGINT PRIMARY KEY, body TEXT NOT NULL)')
})
afterAll(async () => {
  await admin.end()
  await sql.close()
  await database.drop()
})
beforeEach(async () => {
  await sql.run('DELETE FROM notes')
})

/** Ends `tx`'s connection from outside, as a failover, a restart or an administrator would. */
async function terminate(tx: Sql): Promise<void> {
  const { pid } = (await tx.get<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as { pid: number }
  await admin.query('SELECT pg_terminate_backend($1)', [pid])
  // The server ends the session after it answers: wait until it is gone.
  await expect
    .poll(async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount)
    .toBe(0)
}

const notes = async () => (await sql.all<{ id: number }>('SELECT id FROM notes ORDER BY id')).map(({ id }) => id)

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )

describe('a connection ended in the middle of a transaction', () => {
  it('fails the next statement as a fault; nothing is written and the pool goes on', async () => {
    const failure = await rejection(
      sql.transaction(async (tx) => {
        await tx.run('INSERT INTO notes (id, body) VALUES (1, ?)', ['before'])
        await terminate(tx)
        await tx.run('INSERT INTO notes (id, body) VALUES (2, ?)', ['after'])
      }),
    )
    expect(failure).toBeInstanceOf(PostgresFault)
    expect(failure).toMatchObject({ retryable: false })
    expect(isStorageFault(failure)).toBe(true)
    expect(await notes()).toEqual([])
    await sql.transaction((tx) => tx.run('INSERT INTO notes (id, body) VALUES (3, ?)', ['next']))
    expect(await notes()).toEqual([3])
  })

  it('fails the COMMIT as a fault when the connection dies just before it', async () => {
    const failure = await rejection(
      sql.transaction(async (tx) => {
        await tx.run('INSERT INTO notes (id, body) VALUES (1, ?)', ['lost'])
        await terminate(tx)
      }),
    )
    expect(failure).toBeInstanceOf(PostgresFault)
    expect(storageFaultKind(failure)).toBe('postgres')
    // Here it was not applied; in general a lost COMMIT's outcome is unknown, and the client's retry is exact.
    expect(await notes()).toEqual([])
    expect(await sql.get('SELECT 1 AS one')).toEqual({ one: 1 })
  })

  it('fails a statement running at that moment as a fault', async () => {
    const failure = await rejection(
      sql.transaction(async (tx) => {
        const { pid } = (await tx.get<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as { pid: number }
        const sleeping = tx.get('SELECT pg_sleep(5)')
        await expect
          .poll(
            async () =>
              (await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active'", [pid])).rowCount,
          )
          .toBe(1)
        await admin.query('SELECT pg_terminate_backend($1)', [pid])
        await sleeping
      }),
    )
    expect(failure).toBeInstanceOf(PostgresFault)
    expect(failure).toMatchObject({ code: '57P01' })
    expect(await sql.get('SELECT 2 AS two')).toEqual({ two: 2 })
  })
})

describe('mistakes are not faults', () => {
  it.each([
    ['a syntax error', 'SELEC 1', '42601'],
    ['a missing column', 'SELECT missing FROM notes', '42703'],
    ['a missing table', 'SELECT 1 FROM missing', '42P01'],
    ['a bad parameter', "SELECT 'not a number'::bigint", '22P02'],
    ['a NOT NULL', 'INSERT INTO notes (id) VALUES (1)', '23502'],
  ])("%s stays pg's own error", async (_, text, code) => {
    const failure = await rejection(sql.run(text))
    expect(failure).toBeInstanceOf(pg.DatabaseError)
    expect(failure).toMatchObject({ code })
    expect(isStorageFault(failure)).toBe(false)
  })

  it('a unique violation stays one, in a transaction too', async () => {
    await sql.run("INSERT INTO notes (id, body) VALUES (1, 'first')")
    const failure = await rejection(sql.transaction((tx) => tx.run("INSERT INTO notes (id, body) VALUES (1, 'again')")))
    expect(failure).toBeInstanceOf(pg.DatabaseError)
    expect(failure).toMatchObject({ code: '23505' })
    expect(isStorageFault(failure)).toBe(false)
  })

  it('too few parameters and a value beyond the safe integers stay RangeErrors', async () => {
    expect(isStorageFault(await rejection(sql.get('SELECT ? AS a', [])))).toBe(false)
    const big = await rejection(sql.get('SELECT 9007199254740993::bigint AS big'))
    expect(big).toBeInstanceOf(RangeError)
    expect(isStorageFault(big)).toBe(false)
  })
})

describe('retryable faults', () => {
  it('recognises a real deadlock (40P01) between two transactions as retryable', async () => {
    await sql.run("INSERT INTO notes (id, body) VALUES (1, 'a'), (2, 'b')")
    const peer = await connectPostgres(database.url, { retries: 0 })
    try {
      let bothHold = () => {}
      const ready = new Promise<void>((resolve) => {
        let held = 0
        bothHold = () => {
          if (++held === 2) resolve()
        }
      })
      const lockInOrder = (on: Sql, first: number, second: number) =>
        on.transaction(async (tx) => {
          await tx.run('UPDATE notes SET body = body WHERE id = ?', [first])
          bothHold()
          await ready
          await tx.run('UPDATE notes SET body = body WHERE id = ?', [second])
        })
      const outcomes = await Promise.allSettled([lockInOrder(sql, 1, 2), lockInOrder(peer, 2, 1)])
      const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))
      expect(failures).toHaveLength(1)
      expect(failures[0]).toBeInstanceOf(PostgresFault)
      expect(failures[0]).toMatchObject({ code: '40P01', retryable: true })
      expect(storageFaultKind(failures[0])).toBe('retryable')
    } finally {
      await peer.close()
    }
  })

  it('recognises a serialization failure (40001) as retryable', () => {
    const error = Object.assign(new pg.DatabaseError('could not serialize access', 0, 'error'), { code: '40001' })
    expect(postgresFaultKind(error)).toBe('retryable')
  })
})

describe('PostgreSQL unable to serve', () => {
  it('answers a write to a read-only database (a standby after failover, 25006) as a fault', async () => {
    const name = new URL(database.url).pathname.slice(1)
    await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`)
    // Settings apply to new sessions: a pool of its own.
    const standby = await connectPostgres(database.url, { retries: 0 })
    try {
      const failure = await rejection(standby.run("INSERT INTO notes (id, body) VALUES (9, 'x')"))
      expect(failure).toBeInstanceOf(PostgresFault)
      expect(failure).toMatchObject({ code: '25006', retryable: false })
    } finally {
      await standby.close()
      await admin.query(`ALTER DATABASE ${name} RESET default_transaction_read_only`)
    }
  })

  it('fails a statement as a fault when the pool has no connection to give', async () => {
    const pool = new pg.Pool({
      connectionString: database.url,
      types: ROW_TYPES,
      max: 1,
      connectionTimeoutMillis: 200,
    })
    const small = createPostgresSql(pool)
    try {
      let end = () => {}
      const ended = new Promise<void>((resolve) => {
        end = resolve
      })
      let holding = () => {}
      const held = new Promise<void>((resolve) => {
        holding = resolve
      })
      // The pool's one connection, lent to a transaction that waits; the statement is made outside it.
      const holder = small.transaction(async () => {
        holding()
        await ended
      })
      await held
      const failure = await rejection(small.get('SELECT 1 AS one'))
      end()
      await holder
      expect(failure).toBeInstanceOf(PostgresFault)
      expect((failure as Error).message).toMatch(/timeout exceeded when trying to connect/)
      expect(await small.get('SELECT 1 AS one')).toEqual({ one: 1 })
    } finally {
      await small.close()
    }
  })

  it.each([
    ['08006', 'unavailable'],
    ['08001', 'unavailable'],
    ['57P01', 'unavailable'],
    ['57P02', 'unavailable'],
    ['57P03', 'unavailable'],
    ['53100', 'unavailable'],
    ['53200', 'unavailable'],
    ['53300', 'unavailable'],
    ['25006', 'unavailable'],
    ['40001', 'retryable'],
    ['40P01', 'retryable'],
    ['23505', null],
    ['42601', null],
    ['53400', null],
    ['57014', null],
    ['25P02', null],
  ])('classifies SQLSTATE %s as %s', (code, kind) => {
    const error = Object.assign(new pg.DatabaseError('from the server', 0, 'error'), { code })
    expect(postgresFaultKind(error)).toBe(kind)
  })

  it.each([
    ['ECONNREFUSED', 'unavailable'],
    ['ECONNRESET', 'unavailable'],
    ['ETIMEDOUT', 'unavailable'],
    ['EPIPE', 'unavailable'],
    ['ENOENT', null],
    ['ERR_INVALID_ARG_TYPE', null],
  ])('classifies a Node error %s as %s', (code, kind) => {
    expect(postgresFaultKind(Object.assign(new Error('socket'), { code }))).toBe(kind)
  })

  it.each([
    ['Connection terminated unexpectedly', 'unavailable'],
    ['timeout exceeded when trying to connect', 'unavailable'],
    ['Connection terminated due to connection timeout', 'unavailable'],
    ['Client has encountered a connection error and is not queryable', 'unavailable'],
    ['Cannot read properties of undefined', null],
  ])('classifies "%s" (no code) as %s', (message, kind) => {
    expect(postgresFaultKind(new Error(message))).toBe(kind)
    expect(postgresFaultKind(new TypeError(message))).toBe(kind)
  })

  it('leaves what is not an Error alone', () => {
    expect(postgresFaultKind('Connection terminated unexpectedly')).toBe(null)
    expect(postgresFaultKind(undefined)).toBe(null)
  })
})
