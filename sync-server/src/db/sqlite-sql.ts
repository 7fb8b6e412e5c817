// The query layer (sql.ts) over one better-sqlite3 connection (connection.ts openDatabase).
import type Database from 'better-sqlite3'
import type { Db } from './connection.ts'
import type { Params, Sql } from './sql.ts'
import { type Connection, createSql } from './sql-transactions.ts'

/** Prepared statements kept per text; the repos have a few hundred, so the cache is only a guard against leaks. */
const MAX_CACHED_STATEMENTS = 2000

/**
 * The Sql of `db`. Statements run synchronously as today, one at a time: a transaction holds the connection until it
 * ends, and statements made meanwhile from outside it wait for their turn. So nothing slow may be awaited inside a
 * transaction (docs/storage.md).
 */
export function createSqliteSql(db: Db): Sql {
  const statements = new Map<string, Database.Statement<unknown[]>>()
  const prepare = (text: string) => {
    let statement = statements.get(text)
    if (statement === undefined) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear()
      statement = db.prepare<unknown[]>(text)
      statements.set(text, statement)
    }
    return statement
  }
  // better-sqlite3 takes `?` values as arguments and `@name` values as one object.
  const values = (params: Params | undefined): unknown[] =>
    params === undefined ? [] : Array.isArray(params) ? params : [params]

  const connection: Connection = {
    async all(text, params) {
      const statement = prepare(text)
      if (statement.reader) return statement.all(...values(params))
      // As in PostgreSQL, a statement that returns no rows answers none rather than failing.
      statement.run(...values(params))
      return []
    },
    async get(text, params) {
      const statement = prepare(text)
      if (statement.reader) return statement.get(...values(params))
      statement.run(...values(params))
      return undefined
    },
    async run(text, params) {
      return { changes: prepare(text).run(...values(params)).changes }
    },
    async exec(text) {
      db.exec(text)
    },
  }

  return createSql({
    dialect: 'sqlite',
    connection,
    oneConnection: true,
    async begin(kind) {
      // A snapshot refuses writes, as PostgreSQL's READ ONLY does; the setting is put back as it was after (a serving
      // database opened read-only keeps it on).
      const queryOnly = kind === 'snapshot' ? Number(db.pragma('query_only', { simple: true })) : null
      const restore = () => {
        if (queryOnly !== null) db.pragma(`query_only = ${queryOnly}`)
      }
      if (queryOnly !== null) db.pragma('query_only = 1')
      try {
        // IMMEDIATE takes the write lock up front, so a read-then-write inside cannot fail halfway with SQLITE_BUSY.
        db.exec(kind === 'write' ? 'BEGIN IMMEDIATE' : 'BEGIN')
      } catch (error) {
        restore()
        throw error
      }
      return {
        connection,
        async end(commit) {
          try {
            if (commit) db.exec('COMMIT')
          } finally {
            // Not committed, or COMMIT failed: nothing of it stays (SQLite may have rolled back already).
            if (db.inTransaction) db.exec('ROLLBACK')
            restore()
          }
        },
      }
    },
    async close() {
      db.close()
    },
  })
}
