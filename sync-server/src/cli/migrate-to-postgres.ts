/**
 * `migrate-to-postgres [<sqlite-file>]`: copies a Wings SQLite database (DATA_DIR/wings.db by default) into the empty
 * PostgreSQL database DATABASE_URL, then checks every table's count and checksum (docs/storage.md, Moving an existing
 * deployment). Run from sync-server: `pnpm migrate-to-postgres`, or `pnpm -C sync-server migrate-to-postgres` from
 * the repository. Exit code 0 on success, 1 on failure (nothing written), 2 on bad usage.
 */
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadConfig } from '../config.ts'
import type { Db } from '../db/connection.ts'
import { CopySourceError, openCopySource } from '../db/copy-source.ts'
import {
  CopyMismatchError,
  copyToPostgres,
  sameRows,
  type TableReport,
  TargetNotEmptyError,
} from '../db/copy-to-postgres.ts'
import { CopyValueError } from '../db/copy-values.ts'
import { connectPostgres } from '../db/postgres-sql.ts'
import type { Sql } from '../db/sql.ts'
import { GUARDIAN_KEYS_FILE } from '../modules/guardians/keys.ts'
import type { CliIo } from './import-region.ts'

export const USAGE = `Usage: migrate-to-postgres [<sqlite-file>]
  Copies the SQLite database (default: DATA_DIR/wings.db) into the empty PostgreSQL database DATABASE_URL.
  Stop the Wings server first: what it writes after the copy has started is not copied.`

/** Same file name as app.ts's DATABASE_FILE (not imported, so the command does not load the whole server). */
const DATABASE_FILE = 'wings.db'
/** Checksums are compared in full; this much of each is printed. */
const SHOWN_CHECKSUM = 16

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) }

/** Where DATABASE_URL points, for messages: never its user or password. */
function describe(url: string): string {
  const parsed = new URL(url)
  const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost'
  return `${host}:${parsed.port || '5432'}${parsed.pathname}`
}

/** The counts and checksums of both sides, one line per table. */
export function formatReport(tables: readonly TableReport[]): string[] {
  const width = Math.max(5, ...tables.map((table) => table.table.length))
  const line = (cells: string[]) =>
    [cells[0]?.padEnd(width), ...cells.slice(1, 3).map((c) => c.padStart(10)), ...cells.slice(3)].join('  ')
  return [
    line(['table', 'SQLite', 'PostgreSQL', 'SQLite checksum'.padEnd(SHOWN_CHECKSUM), 'PostgreSQL checksum']),
    ...tables.map((table) =>
      line([
        table.table,
        String(table.sqlite.rows),
        String(table.postgres.rows),
        table.sqlite.checksum.slice(0, SHOWN_CHECKSUM),
        table.postgres.checksum.slice(0, SHOWN_CHECKSUM).padEnd(SHOWN_CHECKSUM),
        sameRows(table) ? 'same' : 'DIFFERENT',
      ]),
    ),
  ]
}

/** The command as a function: answers the exit code. A path is taken relative to `cwd`. */
export async function runMigrateToPostgres(
  args: readonly string[],
  env: Record<string, string | undefined> = process.env,
  io: CliIo = consoleIo,
  cwd = env.INIT_CWD ?? process.cwd(),
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE)
    return 0
  }
  const unknown = args.find((arg) => arg.startsWith('-'))
  if (unknown !== undefined || args.length > 1) {
    io.err(`${unknown !== undefined ? `Unknown option: ${unknown}` : 'Too many arguments.'}\n${USAGE}`)
    return 2
  }
  let dataDir: string
  let url: string | null
  try {
    ;({ dataDir, databaseUrl: url } = loadConfig(env))
  } catch (error) {
    io.err((error as Error).message.replace(/\n\s*/g, ' '))
    return 1
  }
  if (url === null) {
    io.err(`Set DATABASE_URL to the empty PostgreSQL database to copy into.\n${USAGE}`)
    return 2
  }
  const file = args[0] === undefined ? join(dataDir, DATABASE_FILE) : resolve(cwd, args[0])
  const where = describe(url)

  let source: Db
  try {
    source = openCopySource(file)
  } catch (error) {
    io.err(error instanceof CopySourceError ? error.message : `Cannot read ${file}: ${(error as Error).message}`)
    return 1
  }
  let target: Sql | undefined
  try {
    try {
      target = await connectPostgres(url, { retries: 0 })
    } catch (error) {
      io.err(`DATABASE_URL: ${(error as Error).message}`)
      return 1
    }
    io.out(`Copying ${file} into PostgreSQL at ${where}:`)
    const started = performance.now()
    const result = await copyToPostgres(source, target, { log: (line) => io.out(`  ${line}`) })
    io.out(['', ...formatReport(result.tables), ''].join('\n'))
    io.out(
      `Copied ${result.rows} rows in ${result.tables.length} tables in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `counts and checksums agree. New changes are numbered after ${result.changeSeq}. ${file} was not changed. ` +
        `Give every instance a copy of ${GUARDIAN_KEYS_FILE} from this DATA_DIR (it seals the guardians' tokens and ` +
        'alerts), then start the Wings instances with DATABASE_URL set.',
    )
    return 0
  } catch (error) {
    if (error instanceof CopyMismatchError) {
      io.out(['', ...formatReport(error.tables), ''].join('\n'))
      io.err(error.message)
    } else if (error instanceof TargetNotEmptyError) {
      io.err(`PostgreSQL at ${where}: ${error.message}`)
    } else if (error instanceof CopyValueError) {
      io.err(`${error.message}: correct it in SQLite, then run this again. Nothing was written.`)
    } else {
      const { code, message } = error as { code?: unknown; message?: unknown }
      const reason = String(message ?? error).split('\n')[0]
      io.err(`The copy failed${typeof code === 'string' ? ` (${code})` : ''}: ${reason}. Nothing was written.`)
    }
    return 1
  } finally {
    source.close()
    await target?.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runMigrateToPostgres(process.argv.slice(2))
}
