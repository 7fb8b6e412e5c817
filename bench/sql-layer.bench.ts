// What the async query layer (sync-server/src/db/sql.ts, docs/storage.md) costs over better-sqlite3 called directly,
// and the same work on PostgreSQL (a throwaway local cluster): point reads by key, and write transactions that update
// a row and record a change the way the changes repo will (the change counter serialises them on PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTransact, openDatabase } from '../sync-server/src/db/connection.ts'
import { migrate } from '../sync-server/src/db/migrate.ts'
import { migratePostgres } from '../sync-server/src/db/postgres-migrate.ts'
import { connectPostgres } from '../sync-server/src/db/postgres-sql.ts'
import type { Sql } from '../sync-server/src/db/sql.ts'
import { createSqliteSql } from '../sync-server/src/db/sqlite-sql.ts'
import { startPostgresCluster } from '../sync-server/src/testing/postgres-cluster.ts'
import { timed } from './report.ts'

const READS = 20_000
const WRITES = 2_000
const CONCURRENCY = 8
const AT = '2026-11-25T12:00:00.000Z'
const USERS = 100

const SEED_USER = `INSERT INTO users (id, email, first_name, last_name, age, gender, password_hash, created_at, updated_at)
  VALUES (?, ?, 'B', 'U', 30, 'female', 'x', ?, ?)`
const READ = 'SELECT id, email, first_name, age FROM users WHERE id = ?'
const UPDATE = 'UPDATE users SET first_name = ?, updated_at = ? WHERE id = ?'
const RECORD = `INSERT INTO changes (user_id, entity, entity_id, changed_at) VALUES (?, ?, ?, ?)
  ON CONFLICT (user_id, entity, entity_id) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at`

const userId = (i: number) => `u${String(i % USERS).padStart(23, '0')}`

async function layerFigures(name: string, sql: Sql): Promise<void> {
  for (let i = 0; i < USERS; i++) await sql.run(SEED_USER, [userId(i), `b${i}@example.in`, AT, AT])
  const write = (i: number) =>
    sql.transaction(async (tx) => {
      await tx.run(UPDATE, [`B${i}`, AT, userId(i)])
      await tx.run(RECORD, [userId(i), 'user', userId(i), AT])
    })
  console.log(`${name}, point reads, 1 at a time: ${await timed(READS, 1, (i) => sql.get(READ, [userId(i)]))}`)
  console.log(
    `${name}, point reads, ${CONCURRENCY} at a time: ${await timed(READS, CONCURRENCY, (i) => sql.get(READ, [userId(i)]))}`,
  )
  console.log(`${name}, write transactions, 1 at a time: ${await timed(WRITES, 1, write)}`)
  console.log(`${name}, write transactions, ${CONCURRENCY} at a time: ${await timed(WRITES, CONCURRENCY, write)}`)
}

const dir = mkdtempSync(join(tmpdir(), 'wings-sql-bench-'))
const cluster = await startPostgresCluster()
try {
  const direct = openDatabase(join(dir, 'direct.db'))
  migrate(direct)
  const seed = direct.prepare(SEED_USER)
  for (let i = 0; i < USERS; i++) seed.run(userId(i), `b${i}@example.in`, AT, AT)
  const read = direct.prepare(READ)
  const [update, record] = [direct.prepare(UPDATE), direct.prepare(RECORD)]
  const transact = createTransact(direct)
  console.log(`better-sqlite3 directly, point reads: ${await timed(READS, 1, (i) => read.get(userId(i)))}`)
  const directWrites = await timed(WRITES, 1, (i) =>
    transact(() => {
      update.run(`B${i}`, AT, userId(i))
      record.run(userId(i), 'user', userId(i), AT)
    }),
  )
  console.log(`better-sqlite3 directly, write transactions: ${directWrites}`)
  direct.close()

  const sqliteDb = openDatabase(join(dir, 'layer.db'))
  migrate(sqliteDb)
  const sqlite = createSqliteSql(sqliteDb)
  await layerFigures('layer on SQLite', sqlite)
  await sqlite.close()

  const postgres = await connectPostgres(cluster.url, { retries: 0, max: CONCURRENCY })
  await migratePostgres(postgres)
  await layerFigures('layer on PostgreSQL (local, fsync off)', postgres)
  await postgres.close()
} finally {
  await cluster.stop()
  rmSync(dir, { recursive: true, force: true })
}
