// Shared limits (sync-server/src/db/shared-limits.ts) on a throwaway local PostgreSQL: hits per second through one and
// two instances' small pools (2 connections each), on many keys (one per IP) and on one hot key (a single account),
// against today's in-memory count; and how long a sweep of ended windows takes.
import { randomBytes } from 'node:crypto'
import { createAttemptLimit } from '../sync-server/src/attempt-limit.ts'
import { migratePostgres } from '../sync-server/src/db/postgres-migrate.ts'
import { connectPostgres } from '../sync-server/src/db/postgres-sql.ts'
import { createSharedCounts, type SharedCounts } from '../sync-server/src/db/shared-limits.ts'
import { startPostgresCluster } from '../sync-server/src/testing/postgres-cluster.ts'
import { timed } from './report.ts'

const HITS = 5_000
const LANES = 16
const POOL = 2
const KEYS = 1_000
const SWEPT = 100_000
const T0 = 1_764_000_000_000

const memory = createAttemptLimit({ max: 1_000_000, windowMs: 60_000 })
console.log(`in memory (today), attempts: ${await timed(HITS * 20, 1, (i) => memory.attempt(`ip${i % KEYS}`))}`)

const cluster = await startPostgresCluster()
try {
  const secret = randomBytes(32)
  const setup = await connectPostgres(cluster.url, { retries: 0, max: 1 })
  await migratePostgres(setup)
  const pools = [
    await connectPostgres(cluster.url, { retries: 0, max: POOL }),
    await connectPostgres(cluster.url, { retries: 0, max: POOL }),
  ]
  const [first, second] = pools.map((pool) => createSharedCounts(pool, secret)) as [SharedCounts, SharedCounts]
  const through = (instances: SharedCounts[], key: (i: number) => string) => (i: number) =>
    (instances[i % instances.length] as SharedCounts).hit(key(i), 60_000, T0)
  const perIp = (i: number) => `rate:ip${i % KEYS}`
  const hot = () => 'attempt:loginEmail:her@example.org'
  const where = `PostgreSQL (local, fsync off), pools of ${POOL}`
  console.log(`${where}, one instance, 1 at a time, ${KEYS} keys: ${await timed(HITS, 1, through([first], perIp))}`)
  console.log(
    `${where}, one instance, ${LANES} at a time, ${KEYS} keys: ${await timed(HITS, LANES, through([first], perIp))}`,
  )
  console.log(
    `${where}, two instances, ${LANES} at a time, ${KEYS} keys: ${await timed(HITS, LANES, through([first, second], perIp))}`,
  )
  console.log(
    `${where}, two instances, ${LANES} at a time, one key: ${await timed(HITS, LANES, through([first, second], hot))}`,
  )
  await setup.run(
    `INSERT INTO limit_counts (key, count, reset_at)
      SELECT decode(md5(i::text), 'hex'), 1, ? FROM generate_series(1, ?) AS i`,
    [T0, SWEPT],
  )
  const started = performance.now()
  const swept = await first.sweep(T0 + 60_000)
  console.log(`sweep of ${swept.toLocaleString('en')} ended windows: ${Math.round(performance.now() - started)} ms`)
  await Promise.all([setup, ...pools].map((pool) => pool.close()))
} finally {
  await cluster.stop()
}
