// What both backends share: transactions, savepoints for nested ones, and which connection a statement runs on.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Dialect, Params, Sql } from './sql.ts'

/** The statements of one connection, as a backend runs them. */
export interface Connection {
  all(text: string, params: Params | undefined): Promise<unknown[]>
  get(text: string, params: Params | undefined): Promise<unknown>
  run(text: string, params: Params | undefined): Promise<{ changes: number }>
  exec(text: string): Promise<void>
}

export type TransactionKind = 'write' | 'snapshot'

/** A transaction a backend began, on the connection it runs on. */
export interface OpenTransaction {
  connection: Connection
  /** COMMIT (or ROLLBACK when `commit` is false, or when COMMIT fails); frees the connection either way. */
  end(commit: boolean): Promise<void>
}

export interface Backend {
  dialect: Dialect
  /** Where statements made outside any transaction run. */
  connection: Connection
  /**
   * SQLite has one connection: a statement made while a transaction is open on it would land inside that transaction,
   * so statements and transactions take turns. A pool gives each transaction its own connection.
   */
  oneConnection: boolean
  begin(kind: TransactionKind): Promise<OpenTransaction>
  close(): Promise<void>
}

/** Runs tasks one after another, in the order they were given. */
class Turns {
  private last: Promise<unknown> = Promise.resolve()

  take<T>(task: () => Promise<T>): Promise<T> {
    const result = this.last.then(task)
    this.last = result.then(
      () => {},
      () => {},
    )
    return result
  }

  /** Resolves once every task given so far, and every task they gave meanwhile, has ended. */
  async idle(): Promise<void> {
    let seen: Promise<unknown>
    do {
      seen = this.last
      await seen
    } while (seen !== this.last)
  }
}

/** The transaction (or savepoint) the running code is inside, if any. */
const inside = new AsyncLocalStorage<Scope>()

const ENDED = 'This transaction has ended: a statement was made through its Sql after it committed or rolled back'
const ABORTED =
  'A statement in this transaction failed, so it was rolled back (PostgreSQL aborts a transaction at its first error): ' +
  'run a statement the transaction must survive in tx.transaction, a savepoint'

/** The Sql of the database (depth 0) or of one transaction (depth 1) or savepoint (2 and deeper) on it. */
class Scope implements Sql {
  readonly dialect: Dialect
  private ended = false
  /** The first statement of this transaction that failed: it cannot commit (the same rule on both backends). */
  private failed: { error: unknown } | null = null

  constructor(
    private readonly backend: Backend,
    private readonly connection: Connection,
    private readonly turns: Turns | null,
    private readonly parent: Scope | null,
    private readonly depth: number,
  ) {
    this.dialect = backend.dialect
  }

  all<T>(text: string, params?: Params): Promise<T[]> {
    return this.statement((connection) => connection.all(text, params) as Promise<T[]>)
  }

  get<T>(text: string, params?: Params): Promise<T | undefined> {
    return this.statement((connection) => connection.get(text, params) as Promise<T | undefined>)
  }

  run(text: string, params?: Params): Promise<{ changes: number }> {
    return this.statement((connection) => connection.run(text, params))
  }

  exec(text: string): Promise<void> {
    return this.statement((connection) => connection.exec(text))
  }

  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.target().open('write', fn)
  }

  snapshot<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.target().open('snapshot', fn)
  }

  async close(): Promise<void> {
    if (this.depth > 0) throw new Error('close() closes the database: call it on the Sql the backend made')
    await this.turns?.idle()
    await this.backend.close()
  }

  /**
   * The innermost open transaction begun through this scope that the calling code runs inside, else this scope: so a
   * repo holding the database's Sql joins the transaction a service opened around it.
   */
  private target(): Scope {
    let innermost: Scope | null = null
    for (let scope: Scope | null | undefined = inside.getStore(); scope; scope = scope.parent) {
      if (scope === this) return innermost ?? this
      if (innermost === null && !scope.ended) innermost = scope
    }
    return this
  }

  private statement<T>(fn: (connection: Connection) => Promise<T>): Promise<T> {
    const scope = this.target()
    const run = async () => {
      if (scope.ended) throw new Error(ENDED)
      try {
        return await fn(scope.connection)
      } catch (error) {
        if (scope.depth > 0) scope.failed ??= { error }
        throw error
      }
    }
    return scope.turns ? scope.turns.take(run) : run()
  }

  private open<T>(kind: TransactionKind, fn: (tx: Sql) => Promise<T>): Promise<T> {
    const task = async () => {
      if (this.ended) throw new Error(ENDED)
      const open = this.depth === 0 ? await this.backend.begin(kind) : await this.savepoint()
      const tx = new Scope(this.backend, open.connection, new Turns(), this, this.depth + 1)
      let result: T
      try {
        result = await inside.run(tx, () => fn(tx))
        // Statements fn started without awaiting them still belong to the transaction.
        await tx.turns?.idle()
        if (tx.failed) throw new Error(ABORTED, { cause: tx.failed.error })
      } catch (error) {
        await tx.turns?.idle()
        tx.ended = true
        await open.end(false).catch(() => {})
        throw error
      }
      tx.ended = true
      await open.end(true)
      return result
    }
    return this.turns ? this.turns.take(task) : task()
  }

  /** A nested transaction: a savepoint, named by its depth (a scope has one nested transaction open at a time). */
  private async savepoint(): Promise<OpenTransaction> {
    const name = `wings_savepoint_${this.depth}`
    const connection = this.connection
    await connection.exec(`SAVEPOINT ${name}`)
    return {
      connection,
      end: (commit) => connection.exec(commit ? `RELEASE ${name}` : `ROLLBACK TO ${name}; RELEASE ${name}`),
    }
  }
}

/** The Sql of a database on `backend`. */
export function createSql(backend: Backend): Sql {
  return new Scope(backend, backend.connection, backend.oneConnection ? new Turns() : null, null, 0)
}
