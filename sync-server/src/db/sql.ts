// The query layer the repos run on, for SQLite (sqlite-sql.ts) and PostgreSQL (postgres-sql.ts): hand-written,
// portable SQL in, plain rows out, the same on both. The rules for that SQL are in docs/storage.md.

export type Dialect = 'sqlite' | 'postgres'

/** `?` placeholders take an array, in order; `@name` placeholders take an object (`{ name }`). Never both. */
export type Params = readonly unknown[] | Readonly<Record<string, unknown>>

export interface Sql {
  readonly dialect: Dialect
  /** Every row the statement returns ([] for a statement that returns none). */
  all<T = Record<string, unknown>>(text: string, params?: Params): Promise<T[]>
  /** The first row, or undefined. */
  get<T = Record<string, unknown>>(text: string, params?: Params): Promise<T | undefined>
  /** A write: how many rows it inserted, updated or deleted (not counting foreign-key cascades). */
  run(text: string, params?: Params): Promise<{ changes: number }>
  /** One or more statements without parameters (schema changes, migrations). */
  exec(text: string): Promise<void>
  /**
   * Runs `fn` in a write transaction, or in a savepoint inside the open one, committed when `fn` resolves and rolled
   * back when it throws. Statements made inside `fn`, through `tx` or through this object, run in it.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>
  /** Runs `fn` in a read-only transaction that sees one committed state throughout (a savepoint when nested). */
  snapshot<T>(fn: (tx: Sql) => Promise<T>): Promise<T>
  /** Waits for what is running, then closes the connection (SQLite) or the pool (PostgreSQL). */
  close(): Promise<void>
}

/** better-sqlite3's extended codes for a broken UNIQUE or PRIMARY KEY constraint; PostgreSQL's SQLSTATE for both. */
const UNIQUE_VIOLATION = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505'])

/**
 * The write broke a UNIQUE or PRIMARY KEY constraint, on either backend: for the sync push, the op was applied
 * already. In PostgreSQL such an error aborts the transaction, so run the write in `tx.transaction` (a savepoint)
 * when the transaction must go on after it.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && UNIQUE_VIOLATION.has(code)
}
