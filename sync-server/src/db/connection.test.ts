import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createReadSnapshot, createTransact, type Db, FOREIGN_TRANSACTION, openDatabase } from './connection.ts'
import type { Sql } from './sql.ts'
import { createSqliteSql } from './sqlite-sql.ts'

describe('transact and readSnapshot beside the Sql layer on one connection', () => {
  let dir: string
  let db: Db
  let sql: Sql
  const ids = () => db.prepare<[], { id: string }>('SELECT id FROM items ORDER BY id').all()
  const insert = (id: string) => db.prepare('INSERT INTO items (id) VALUES (?)').run(id)

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wings-connection-'))
    db = openDatabase(join(dir, 'wings.db'))
    db.exec('CREATE TABLE items (id TEXT PRIMARY KEY)')
    sql = createSqliteSql(db)
  })
  afterEach(async () => {
    await sql.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** Runs `during` while an Sql transaction (or snapshot) that wrote `held` is open across an await. */
  async function whileSqlHolds(kind: 'transaction' | 'snapshot', during: () => void): Promise<unknown> {
    let caught: unknown
    await sql[kind](async (tx) => {
      if (kind === 'transaction') await tx.run('INSERT INTO items (id) VALUES (?)', ['held'])
      else await tx.get('SELECT count(*) FROM items')
      await new Promise((resolve) => setTimeout(resolve, 1))
      try {
        during()
      } catch (error) {
        caught = error
      }
    })
    return caught
  }

  it('refuses a transact while an Sql transaction is open across an await, and writes nothing of it', async () => {
    const transact = createTransact(db)
    const caught = await whileSqlHolds('transaction', () => transact(() => insert('stray')))
    expect(caught).toEqual(new Error(FOREIGN_TRANSACTION))
    // The Sql transaction committed on its own, without the refused write.
    expect(ids()).toEqual([{ id: 'held' }])
  })

  it('refuses a readSnapshot while an Sql snapshot is open across an await', async () => {
    const readSnapshot = createReadSnapshot(db)
    const caught = await whileSqlHolds('snapshot', () => readSnapshot(() => ids()))
    expect(caught).toEqual(new Error(FOREIGN_TRANSACTION))
  })

  it('refuses a transact inside a stray BEGIN', () => {
    db.exec('BEGIN')
    expect(() => createTransact(db)(() => insert('stray'))).toThrow(FOREIGN_TRANSACTION)
    db.exec('ROLLBACK')
    expect(ids()).toEqual([])
  })

  it('works again once the Sql transaction has ended', async () => {
    const transact = createTransact(db)
    await whileSqlHolds('transaction', () => transact(() => insert('stray')))
    transact(() => insert('after'))
    expect(createReadSnapshot(db)(() => ids())).toEqual([{ id: 'after' }, { id: 'held' }])
  })

  it('keeps nested calls as savepoints: an inner failure rolls back only its own writes', () => {
    const transact = createTransact(db)
    const other = createTransact(db)
    transact(() => {
      insert('outer')
      transact(() => insert('inner'))
      expect(() =>
        other(() => {
          insert('failed')
          throw new Error('this op fails')
        }),
      ).toThrow('this op fails')
      createReadSnapshot(db)(() => insert('in a nested snapshot'))
    })
    expect(ids()).toEqual([{ id: 'in a nested snapshot' }, { id: 'inner' }, { id: 'outer' }])
  })

  it('counts its depth back down when a transaction fails, so the next outermost call is checked again', () => {
    const transact = createTransact(db)
    expect(() =>
      transact(() => {
        insert('a')
        throw new Error('fails')
      }),
    ).toThrow('fails')
    db.exec('BEGIN')
    expect(() => transact(() => insert('stray'))).toThrow(FOREIGN_TRANSACTION)
    db.exec('ROLLBACK')
    transact(() => insert('b'))
    expect(ids()).toEqual([{ id: 'b' }])
  })
})
