// A fresh, empty PostgreSQL database per caller, on the cluster the sync-server tests' global setup starts once per
// run (vitest.global-setup.ts): creating one takes milliseconds, so every test file can have its own.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's superuser URL; '' when it could not start (the reason is in postgresStartError). */
    postgresAdminUrl: string
    postgresStartError: string
  }
}

export interface TestDatabase {
  url: string
  /** Drops the database, ending any connection still open to it; safe to call twice. */
  drop(): Promise<void>
}

let created = 0

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl')
  if (!adminUrl)
    throw new Error(
      `No PostgreSQL for the tests: ${inject('postgresStartError') || 'run them through the sync-server vitest config'}`,
    )
  // Unique across parallel workers and runs sharing a cluster; lower case, so it needs no quoting.
  const name = `wings_test_${process.pid}_${++created}_${randomBytes(4).toString('hex')}`
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  let dropping: Promise<void> | null = null
  return {
    url: url.href,
    drop: () => {
      dropping ??= adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      return dropping
    },
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
