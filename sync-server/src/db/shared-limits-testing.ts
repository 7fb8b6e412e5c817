// For the shared limits' tests: a database with limit_counts on either backend, and counts as instances would hold them.
import { randomBytes } from 'node:crypto'
import { createSharedCounts, type SharedCounts } from './shared-limits.ts'
import type { Dialect } from './sql.ts'
import { openTestBackend, type TestBackend } from './sql-test-backends.ts'

/**
 * SQLite has no migration for limit_counts (production counts in memory there: one process serves a SQLite file);
 * the tests make the table as postgres-migrations/002 does, so that the store's SQL is checked on both backends.
 */
const SQLITE_TABLE =
  'CREATE TABLE limit_counts (key BLOB PRIMARY KEY, count INTEGER NOT NULL, reset_at INTEGER NOT NULL)'

export interface LimitBackend {
  backend: TestBackend
  secret: Buffer
  /** The counts of one more instance: a connection (PostgreSQL: a pool) of its own, as production gives them. */
  instance(secret?: Buffer): Promise<SharedCounts>
}

export async function openLimitBackend(dialect: Dialect): Promise<LimitBackend> {
  const backend = await openTestBackend(dialect, { migrated: dialect === 'postgres' })
  if (dialect === 'sqlite') await backend.sql.exec(SQLITE_TABLE)
  const secret = randomBytes(32)
  return {
    backend,
    secret,
    instance: async (other = secret) => createSharedCounts(await backend.connect(), other),
  }
}
