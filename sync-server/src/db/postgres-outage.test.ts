// PostgreSQL stopped and started again under a running pool, on a throwaway cluster of this file's own: statements
// fail as faults at once (no hang), the ping says so within its bound, and the same Sql serves again by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PostgresCluster, startPostgresCluster } from '../testing/postgres-cluster.ts'
import { ping } from './ping.ts'
import { PostgresFault } from './postgres-faults.ts'
import { connectPostgres } from './postgres-sql.ts'
import type { Sql } from './sql.ts'
import { storageFaultKind } from './storage-fault.ts'

let cluster: PostgresCluster
let sql: Sql
const lost: string[] = []

beforeAll(async () => {
  cluster = await startPostgresCluster()
  sql = await connectPostgres(cluster.url, { retries: 0, log: (line) => lost.push(line) })
  await sql.exec("CREATE TABLE notes (id BIGINT PRIMARY KEY, body TEXT NOT NULL); INSERT INTO notes VALUES (1, 'kept')")
}, 30_000)
afterAll(async () => {
  await sql?.close()
  await cluster?.stop()
})

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )

/** Bound on answers that must not wait for the pool's 5 s connection timeout. */
const PROMPT_MS = 3000

describe('PostgreSQL stopped while the server runs', { timeout: 30_000 }, () => {
  it('fails a transaction open at that moment as a fault', async () => {
    let stopped = () => {}
    const down = new Promise<void>((resolve) => {
      stopped = resolve
    })
    const open = sql.transaction(async (tx) => {
      await tx.run("INSERT INTO notes VALUES (2, 'half')")
      await down
      await tx.run("INSERT INTO notes VALUES (3, 'after')")
    })
    // The transaction's BEGIN and first statement have run when it holds a connection that the shutdown ends.
    await expect
      .poll(
        async () =>
          (
            await sql.get<{ n: number }>(
              'SELECT count(*) AS n FROM pg_stat_activity WHERE state = $$idle in transaction$$',
            )
          )?.n,
      )
      .toBe(1)
    await cluster.down()
    stopped()
    const failure = await rejection(open)
    expect(failure).toBeInstanceOf(PostgresFault)
    expect(storageFaultKind(failure)).toBe('postgres')
  })

  it('answers ping down within its bound, and fails statements and transactions as faults at once', async () => {
    const started = Date.now()
    const answer = await ping(sql, 500)
    expect(answer.up).toBe(false)
    for (const attempt of [
      sql.get('SELECT 1'),
      sql.transaction((tx) => tx.get('SELECT 1')),
      sql.snapshot(async () => 1),
    ]) {
      const failure = await rejection(attempt)
      expect(failure).toBeInstanceOf(PostgresFault)
      expect(failure).toMatchObject({ code: 'ECONNREFUSED', retryable: false })
    }
    expect(Date.now() - started).toBeLessThan(PROMPT_MS)
  })

  it('serves again through the same Sql once PostgreSQL is back, nothing half-written', async () => {
    await cluster.up()
    await expect.poll(async () => (await ping(sql, 500)).up, { timeout: 10_000 }).toBe(true)
    expect(await sql.all('SELECT id, body FROM notes ORDER BY id')).toEqual([{ id: 1, body: 'kept' }])
    await sql.transaction((tx) => tx.run("INSERT INTO notes VALUES (4, 'later')"))
    expect(await sql.get('SELECT count(*) AS n FROM notes')).toEqual({ n: 2 })
    expect(lost.every((line) => !line.includes('\n'))).toBe(true)
  })
})
