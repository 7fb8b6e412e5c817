import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/connection.ts'
import { migrate } from '../db/migrate.ts'
import { connectPostgres } from '../db/postgres-sql.ts'
import { createTestDatabase, type TestDatabase } from '../testing/postgres.ts'
import { fillSharedTables } from '../testing/shared-table-rows.ts'
import { runMigrateToPostgres, USAGE } from './migrate-to-postgres.ts'

const SYNC_SERVER = fileURLToPath(new URL('../..', import.meta.url))
const MIGRATIONS = fileURLToPath(new URL('../db/migrations/', import.meta.url))
/** Nothing listens on port 1; the password must never be printed. */
const UNREACHABLE = 'postgres://wings:s3cret-pw@127.0.0.1:1/wings'

let dir: string
let dataDir: string
const databases: TestDatabase[] = []
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wings-migrate-cli-'))
  dataDir = join(dir, 'data')
  const db = openDatabase(join(dataDir, 'wings.db'))
  migrate(db)
  fillSharedTables(db)
  db.close()
})
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()))
  rmSync(dir, { recursive: true, force: true })
})

async function emptyDatabase(): Promise<string> {
  const database = await createTestDatabase()
  databases.push(database)
  return database.url
}

async function run(args: string[], env: Record<string, string | undefined>, cwd = dir) {
  const out: string[] = []
  const err: string[] = []
  const code = await runMigrateToPostgres(
    args,
    { DATA_DIR: dataDir, ...env },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    cwd,
  )
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** A SQLite file made by `make` in a folder of its own. */
function sqliteFile(make: (file: string) => void): string {
  const file = join(mkdtempSync(join(dir, 'case-')), 'wings.db')
  make(file)
  return file
}

describe('migrate-to-postgres', () => {
  it('copies DATA_DIR/wings.db and prints each table with its counts and checksums', async () => {
    const url = await emptyDatabase()
    const { code, out, err } = await run([], { DATABASE_URL: url })
    expect(err).toBe('')
    expect(code).toBe(0)
    expect(out).toContain(`Copying ${join(dataDir, 'wings.db')} into PostgreSQL at 127.0.0.1:`)
    expect(out).toMatch(/^table +SQLite +PostgreSQL +SQLite checksum +PostgreSQL checksum$/m)
    expect(out).toMatch(/^users +3 +3 +([0-9a-f]{16}) {2}\1 {2}same$/m)
    expect(out).toMatch(/^story_views +5 +5 +([0-9a-f]{16}) {2}\1 {2}same$/m)
    expect(out).not.toContain('DIFFERENT')
    expect(out).toMatch(
      /Copied \d+ rows in \d+ tables in [\d.]+ s; counts and checksums agree\. New changes are numbered after 5\./,
    )
    expect(out).toMatch(/Give every instance a copy of guardian-keys\.json from this DATA_DIR/)
    const pg = await connectPostgres(url, { retries: 0 })
    expect(await pg.get('SELECT count(*) AS n FROM users')).toEqual({ n: 3 })
    await pg.close()
  })

  it('takes a path, relative to where it was started', async () => {
    const other = join(dir, 'elsewhere')
    mkdirSync(other, { recursive: true })
    copyFileSync(join(dataDir, 'wings.db'), join(other, 'copy.db'))
    const { code, out } = await run(['elsewhere/copy.db'], { DATABASE_URL: await emptyDatabase() }, dir)
    expect(code).toBe(0)
    expect(out).toContain(`Copying ${join(other, 'copy.db')} into`)
  })

  it('refuses a PostgreSQL database with rows already, writing nothing', async () => {
    const url = await emptyDatabase()
    expect((await run([], { DATABASE_URL: url })).code).toBe(0)
    const again = await run([], { DATABASE_URL: url })
    expect(again.code).toBe(1)
    expect(again.err).toMatch(
      /^PostgreSQL at 127\.0\.0\.1:\d+\/\w+: The PostgreSQL database is not empty \(rows in .*users.*\).*Nothing was written\.$/,
    )
    const pg = await connectPostgres(url, { retries: 0 })
    expect(await pg.get('SELECT count(*) AS n FROM users')).toEqual({ n: 3 })
    await pg.close()
  })

  it('explains its usage', async () => {
    expect(await run(['--help'], {})).toMatchObject({ code: 0, out: USAGE })
    expect(await run(['--to', 'x'], { DATABASE_URL: UNREACHABLE })).toMatchObject({
      code: 2,
      err: `Unknown option: --to\n${USAGE}`,
    })
    expect(await run(['a.db', 'b.db'], { DATABASE_URL: UNREACHABLE })).toMatchObject({ code: 2 })
    const unset = await run([], {})
    expect(unset.code).toBe(2)
    expect(unset.err).toMatch(/^Set DATABASE_URL to the empty PostgreSQL database to copy into\./)
  })
})

describe('migrate-to-postgres with a bad DATABASE_URL', () => {
  const expectOneLine = (err: string) => {
    expect(err.split('\n')).toHaveLength(1)
    expect(err).not.toContain('s3cret-pw')
    expect(err).not.toMatch(/\n\s+at /)
  }

  it('not a PostgreSQL URL', async () => {
    const { code, err } = await run([], { DATABASE_URL: 'mysql://wings:s3cret-pw@127.0.0.1/wings' })
    expect(code).toBe(1)
    expectOneLine(err)
    expect(err).toMatch(/^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/)
  })

  it('nothing listening', async () => {
    const { code, err } = await run([], { DATABASE_URL: UNREACHABLE })
    expect(code).toBe(1)
    expectOneLine(err)
    expect(err).toMatch(/^DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1\/wings did not answer .*ECONNREFUSED/)
  })

  it('a database that does not exist', async () => {
    const url = new URL(await emptyDatabase())
    url.pathname = '/no_such_database'
    url.password = 's3cret-pw'
    const { code, err } = await run([], { DATABASE_URL: url.href })
    expect(code).toBe(1)
    expectOneLine(err)
    expect(err).toMatch(/^DATABASE_URL: PostgreSQL at .*\/no_such_database refused the connection: .*does not exist/)
  })
})

describe('migrate-to-postgres with a bad SQLite file', () => {
  const refused = async (file: string) => {
    const result = await run([file], { DATABASE_URL: UNREACHABLE })
    expect(result.code).toBe(1)
    expect(result.err.split('\n')).toHaveLength(1)
    return result.err
  }

  it('none there', async () => {
    expect(await refused(join(dir, 'missing.db'))).toBe(`No SQLite database at ${join(dir, 'missing.db')}`)
  })

  it('not SQLite', async () => {
    const file = sqliteFile((f) => writeFileSync(f, 'x'.repeat(4096)))
    expect(await refused(file)).toBe(`${file} is not a SQLite database`)
  })

  it('not a Wings database', async () => {
    const file = sqliteFile((f) => {
      const db = new Database(f)
      db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY)')
      db.close()
    })
    expect(await refused(file)).toBe(`${file} is not a Wings database (it has no schema_migrations or users table)`)
  })

  it('of an older Wings, whose migrations it lacks', async () => {
    const older = mkdtempSync(join(dir, 'migrations-'))
    for (const name of readdirSync(MIGRATIONS).sort().slice(0, 17))
      copyFileSync(join(MIGRATIONS, name), join(older, name))
    const file = sqliteFile((f) => {
      const db = openDatabase(f)
      migrate(db, older)
      db.close()
    })
    expect(await refused(file)).toMatch(
      /lacks migrations 018-nearby\.sql, 019-evidence\.sql(, \d{3}-[\w-]+\.sql)*: start the Wings server on it once \(it migrates at start\), stop it, then run this again$/,
    )
  })

  it('of a newer Wings', async () => {
    const file = sqliteFile((f) => {
      const db = openDatabase(f)
      migrate(db)
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, '099-future.sql', 'x')").run()
      db.close()
    })
    expect(await refused(file)).toMatch(/was migrated by a newer Wings \(migration 99; this one knows \d+\)/)
  })
})

describe('pnpm migrate-to-postgres', () => {
  it('runs the command, answering a failure with one line and exit code 1', async () => {
    const options = { cwd: SYNC_SERVER, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: UNREACHABLE } }
    const started = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/migrate-to-postgres.ts'],
      options,
    )
    await expect(started).rejects.toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(/^DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1\/wings did not answer[^\n]*\n$/),
    })
  }, 30_000)
})
