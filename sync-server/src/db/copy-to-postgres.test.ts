import { createHash } from 'node:crypto'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/postgres.ts'
import { fillSharedTables } from '../testing/shared-table-rows.ts'
import { type Db, openDatabase } from './connection.ts'
import { openCopySource, sharedTables } from './copy-source.ts'
import { CopyMismatchError, copyToPostgres, sameRows, TargetNotEmptyError } from './copy-to-postgres.ts'
import { CopyValueError } from './copy-values.ts'
import { migrate, readMigrations } from './migrate.ts'
import { migratePostgres } from './postgres-migrate.ts'
import { connectPostgres } from './postgres-sql.ts'
import type { Sql } from './sql.ts'

const RECORD_CHANGE = `INSERT INTO changes (user_id, entity, entity_id, changed_at) VALUES (?, ?, ?, ?)
  ON CONFLICT (user_id, entity, entity_id) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at
  RETURNING seq`

let dir: string
const databases: TestDatabase[] = []
const opened: { close(): unknown }[] = []
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wings-copy-'))
})
afterEach(async () => {
  for (const each of opened.splice(0)) await each.close()
})
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()))
  rmSync(dir, { recursive: true, force: true })
})

let files = 0
/** A migrated SQLite file with a row in every shared table, and `change` done to it; closed (its WAL checkpointed). */
function sqliteFile(change: (db: Db) => void = () => {}): string {
  const file = join(dir, `wings-${++files}.db`)
  const db = openDatabase(file)
  migrate(db)
  fillSharedTables(db)
  change(db)
  db.close()
  return file
}

function source(file: string): Db {
  const db = openCopySource(file)
  opened.push(db)
  return db
}

/** An empty PostgreSQL database (with `prepare` done to it first). */
async function target(prepare: (sql: Sql) => Promise<unknown> = async () => {}): Promise<Sql> {
  const database = await createTestDatabase()
  databases.push(database)
  const sql = await connectPostgres(database.url, { retries: 0 })
  opened.push(sql)
  await prepare(sql)
  return sql
}

const canonical = (row: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(row)
      .sort()
      .map((key) => [key, row[key]]),
  )
const sortedRows = (rows: Record<string, unknown>[]) => rows.map(canonical).sort()

const countRows = async (sql: Sql, table: string) =>
  (await sql.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n

describe('the test rows', () => {
  it('fill every shared table (add rows to testing/shared-table-rows.ts for a new one)', () => {
    const db = source(sqliteFile())
    const tables = sharedTables(db)
    expect(tables).toEqual(expect.arrayContaining(['users', 'changes', 'chat_messages', 'evidence_chunks']))
    expect(tables).not.toContain('places')
    expect(tables).not.toContain('schema_migrations')
    expect(tables.filter((table) => /^(sqlite_|places_fts_|place_boxes_)/.test(table))).toEqual([])
    const empty = tables.filter((table) => db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() === undefined)
    expect(empty).toEqual([])
  })
})

describe('copyToPostgres', () => {
  it('copies every row of every shared table, with counts and checksums that agree', async () => {
    const file = sqliteFile()
    const db = source(file)
    const pg = await target()
    const logged: string[] = []
    const result = await copyToPostgres(db, pg, { batchRows: 2, log: (line) => logged.push(line) })

    expect(result.migrated).toEqual(
      readMigrations(fileURLToPath(new URL('./postgres-migrations/', import.meta.url))).map((m) => m.name),
    )
    expect(result.tables.map((table) => table.table).sort()).toEqual(sharedTables(db).sort())
    expect(result.tables.every(sameRows)).toBe(true)
    expect(logged).toHaveLength(result.tables.length)
    let total = 0
    for (const { table, sqlite, postgres } of result.tables) {
      const expected = db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[]
      const copied = await pg.all(`SELECT * FROM ${table}`)
      expect(sortedRows(copied), table).toEqual(sortedRows(expected))
      expect([sqlite.rows, postgres.rows], table).toEqual([expected.length, expected.length])
      total += expected.length
    }
    expect(result.rows).toBe(total)
    // Parents before children: the copy would have broken a foreign key otherwise, but say it plainly.
    const order = result.tables.map((table) => table.table)
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('stories'))
    expect(order.indexOf('alerts')).toBeLessThan(order.indexOf('alert_outbox'))
  })

  it('gives the same checksum for the same rows and another for a changed value', async () => {
    const first = await copyToPostgres(source(sqliteFile()), await target())
    const same = await copyToPostgres(source(sqliteFile()), await target(), { batchRows: 1 })
    const changed = await copyToPostgres(
      source(sqliteFile((db) => db.prepare("UPDATE stories SET likes = 4 WHERE id = 's1'").run())),
      await target(),
    )
    const checksums = (result: typeof first) =>
      Object.fromEntries(result.tables.map((table) => [table.table, table.sqlite.checksum]))
    // anonymous_op_key holds a random key made by each migration.
    const { anonymous_op_key: _, ...firstSums } = checksums(first)
    const { anonymous_op_key: __, ...sameSums } = checksums(same)
    expect(sameSums).toEqual(firstSums)
    expect(checksums(changed).stories).not.toBe(firstSums.stories)
    expect(checksums(changed).users).toBe(firstSums.users)
  }, 30_000)

  it('leaves the SQLite file and its WAL byte for byte as they were, and copies the rows only the WAL holds', async () => {
    // A server that was killed: its last writes are only in the WAL, and no connection is open. A read-write connection
    // would copy the WAL into the file when it closes, as the last one.
    const running = sqliteFile()
    const writer = openDatabase(running)
    writer.pragma('wal_autocheckpoint = 0')
    writer.prepare("INSERT INTO guardian_links_ended (token_hash, ended_at) VALUES ('in-wal', 'x')").run()
    const file = join(dir, 'killed.db')
    copyFileSync(running, file)
    copyFileSync(`${running}-wal`, `${file}-wal`)
    writer.close()
    const hash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')
    const before = [hash(file), hash(`${file}-wal`)]
    expect(readFileSync(`${file}-wal`).length).toBeGreaterThan(0)

    const db = openCopySource(file)
    const pg = await target()
    await copyToPostgres(db, pg)
    db.close()

    expect([hash(file), hash(`${file}-wal`)]).toEqual(before)
    expect(await pg.all("SELECT ended_at FROM guardian_links_ended WHERE token_hash = 'in-wal'")).toEqual([
      { ended_at: 'x' },
    ])
  })

  it('sets the counters so that new changes and chat messages are numbered after the copied ones', async () => {
    const pg = await target()
    const result = await copyToPostgres(source(sqliteFile()), pg)
    expect(result.changeSeq).toBe(5)
    const change = await pg.get<{ seq: number }>(RECORD_CHANGE, ['u1', 'story', 'new', 'now'])
    expect(change?.seq).toBe(6)
    const message = await pg.get<{ seq: number }>(
      `INSERT INTO chat_messages (id, conversation_id, sender, text, created_at)
        VALUES ('m-new', 'g1', 'bot', 'hi', 'now') RETURNING seq`,
    )
    expect(message?.seq).toBe(5)
  })

  it('continues the change log after the highest number SQLite handed out, even if that change is gone', async () => {
    // Deleting the newest change leaves AUTOINCREMENT's counter at 5: a phone may hold cursor 5 already.
    const file = sqliteFile((db) => db.prepare('DELETE FROM changes WHERE seq = 5').run())
    const pg = await target()
    const result = await copyToPostgres(source(file), pg)
    expect(result.changeSeq).toBe(5)
    expect((await pg.get<{ seq: number }>(RECORD_CHANGE, ['u1', 'story', 'new', 'now']))?.seq).toBe(6)
  })

  it('copies integers beyond 2^53 exactly', async () => {
    const file = sqliteFile((db) =>
      db
        .prepare("INSERT INTO edge_ratings (region, edge, feedback_sum, ratings) VALUES ('big', ?, 1, 1)")
        .run(2n ** 62n + 1n),
    )
    const pg = await target()
    const result = await copyToPostgres(source(file), pg)
    expect(result.tables.every(sameRows)).toBe(true)
    expect(await pg.all("SELECT edge::text AS edge FROM edge_ratings WHERE region = 'big'")).toEqual([
      { edge: String(2n ** 62n + 1n) },
    ])
  })
})

describe('copyToPostgres refuses', () => {
  it('a target with rows already, writing nothing', async () => {
    const pg = await target(async (sql) => {
      await migratePostgres(sql)
      await sql.run(`INSERT INTO users (id, email, first_name, last_name, age, gender, password_hash, created_at, updated_at)
        VALUES ('x', 'x@y.in', 'X', 'Y', 30, 'female', 'h', 'a', 'a')`)
      await sql.run("INSERT INTO guardian_links_ended (token_hash, ended_at) VALUES ('t', 'a')")
    })
    const key = await pg.get('SELECT key FROM anonymous_op_key')
    const error = await copyToPostgres(source(sqliteFile()), pg).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TargetNotEmptyError)
    expect([...(error as TargetNotEmptyError).tables].sort()).toEqual(['guardian_links_ended', 'users'])
    expect((error as Error).message).toMatch(/not empty \(rows in [a-z_, ]+\).*Nothing was written/)
    expect(await countRows(pg, 'users')).toBe(1)
    expect(await countRows(pg, 'sessions')).toBe(0)
    expect(await pg.get('SELECT key FROM anonymous_op_key')).toEqual(key)
  })

  it('a target whose change log has handed out numbers', async () => {
    const pg = await target(async (sql) => {
      await migratePostgres(sql)
      await sql.run('UPDATE change_seq SET last = 3')
    })
    await expect(copyToPostgres(source(sqliteFile()), pg)).rejects.toThrow(/rows in change_seq/)
  })

  it('a value PostgreSQL cannot take, leaving the target without even the schema', async () => {
    const file = sqliteFile((db) => db.prepare("UPDATE contact_messages SET query = x'00ff'").run())
    const pg = await target()
    await expect(copyToPostgres(source(file), pg)).rejects.toThrow(
      new CopyValueError('contact_messages.query (row 1) holds bytes, not text'),
    )
    expect(await pg.all("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")).toEqual([])
  })

  it('text with a NUL character', async () => {
    const file = sqliteFile((db) => db.prepare("UPDATE drafts SET title = 'a' || char(0) || 'b'").run())
    await expect(copyToPostgres(source(file), await target())).rejects.toThrow(
      /drafts\.title \(row 1\) holds text with a NUL character/,
    )
  })

  it('a copy that reads back differently (here a trigger on the target), rolling it back', async () => {
    const pg = await target(async (sql) => {
      await migratePostgres(sql)
      await sql.exec(`
        CREATE FUNCTION change_title() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN NEW.title := NEW.title || '!'; RETURN NEW; END $$;
        CREATE FUNCTION drop_view() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN IF NEW.viewer_key = 'v3' THEN RETURN NULL; END IF; RETURN NEW; END $$;
        CREATE TRIGGER change_title BEFORE INSERT ON stories FOR EACH ROW EXECUTE FUNCTION change_title();
        CREATE TRIGGER drop_view BEFORE INSERT ON story_views FOR EACH ROW EXECUTE FUNCTION drop_view();`)
    })
    const error = await copyToPostgres(source(sqliteFile()), pg).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CopyMismatchError)
    expect((error as Error).message).toMatch(/differs from SQLite in stories, story_views.*rolled back/)
    const differ = (error as CopyMismatchError).tables.filter((table) => !sameRows(table))
    expect(differ.map((table) => [table.table, table.sqlite.rows, table.postgres.rows])).toEqual([
      ['stories', 1, 1],
      ['story_views', 5, 4],
    ])
    expect(await countRows(pg, 'users')).toBe(0)
    expect((await pg.get<{ last: number }>('SELECT last FROM change_seq'))?.last).toBe(0)
  })
})
