// Moves a deployment from SQLite to PostgreSQL (docs/storage.md, Moving an existing deployment): every row of every
// shared table, copied in one transaction, checked by count and checksum, with the counters set to go on after it.
import type { Db } from './connection.ts'
import { lastAutoincrement, sharedTables, sqliteColumns } from './copy-source.ts'
import { COLUMN_TYPES, type Column, type ColumnType, TableChecksum, toPostgresValue } from './copy-values.ts'
import { migratePostgres } from './postgres-migrate.ts'
import type { Sql } from './sql.ts'

/** Tables the PostgreSQL schema fills with one row of its own (the story count, a fresh random key): SQLite's replace it. */
const SEEDED_TABLES = new Set(['story_stats', 'anonymous_op_key'])
/** PostgreSQL takes at most 65,535 parameters in a statement. */
const MAX_PARAMETERS = 30_000
const BATCH_ROWS = 500
/** Evidence chunks are up to a megabyte each: a batch is sent once it holds this much. */
const BATCH_BYTES = 8 * 1024 * 1024
const FETCH_ROWS = 1000
const FETCH_ROWS_WITH_BYTES = 16

export interface TableReport {
  table: string
  sqlite: { rows: number; checksum: string }
  postgres: { rows: number; checksum: string }
}

export interface CopyResult {
  tables: TableReport[]
  rows: number
  /** What change_seq.last was set to: the next change recorded gets a higher number. */
  changeSeq: number
  /** PostgreSQL migrations applied first. */
  migrated: string[]
}

export interface CopyOptions {
  /** Rows per INSERT at most (fewer for wide tables and large values). */
  batchRows?: number
  /** One line per table copied. */
  log?: (line: string) => void
}

/** The target holds rows already; nothing was written. */
export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError'
  constructor(readonly tables: readonly string[]) {
    super(
      `The PostgreSQL database is not empty (rows in ${tables.join(', ')}): migrate-to-postgres copies into an empty database only. Nothing was written.`,
    )
  }
}

/** A table's rows read back from PostgreSQL differ from SQLite's; the copy was rolled back. */
export class CopyMismatchError extends Error {
  override name = 'CopyMismatchError'
  constructor(readonly tables: readonly TableReport[]) {
    const differ = tables.filter((table) => !sameRows(table)).map((table) => table.table)
    super(
      `The copy differs from SQLite in ${differ.join(', ')} (counts and checksums below): rolled back, nothing was written.`,
    )
  }
}

export const sameRows = (report: TableReport): boolean =>
  report.sqlite.rows === report.postgres.rows && report.sqlite.checksum === report.postgres.checksum

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Copies `source` (opened with openCopySource) into `target`, whose schema it migrates first, all in one transaction:
 * a target with rows already (TargetNotEmptyError), a value PostgreSQL cannot take (CopyValueError) or a table that
 * reads back differently (CopyMismatchError) leaves the target as it was. The source is read in one read transaction,
 * so it is one consistent state even if something writes it meanwhile.
 */
export async function copyToPostgres(source: Db, target: Sql, options: CopyOptions = {}): Promise<CopyResult> {
  const log = options.log ?? (() => {})
  const result = await target.transaction(async (tx) => {
    const migrated = await migratePostgres(tx)
    source.exec('BEGIN')
    try {
      const tables = await describeTables(source, tx)
      await refuseNonEmpty(tx, [...tables.keys()])
      for (const table of SEEDED_TABLES) await tx.run(`DELETE FROM ${quote(table)}`)
      const reports: TableReport[] = []
      let rows = 0
      for (const [table, columns] of tables) {
        const started = performance.now()
        const copied = await copyTable(source, tx, table, columns, options.batchRows ?? BATCH_ROWS)
        const readBack = await checksumInPostgres(tx, table, columns)
        reports.push({ table, sqlite: summary(copied), postgres: summary(readBack) })
        rows += copied.rows
        log(
          `${table}: ${copied.rows} row${copied.rows === 1 ? '' : 's'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        )
      }
      if (!reports.every(sameRows)) throw new CopyMismatchError(reports)
      const changeSeq = await continueCounters(source, tx, [...tables.keys()])
      return { tables: reports, rows, changeSeq, migrated }
    } finally {
      source.exec('COMMIT')
    }
  })
  // Fresh statistics for the planner, which has none for tables filled in one go. The copy is committed already: a
  // failure here must not read as a failed copy (autovacuum analyses the tables later anyway).
  try {
    await target.exec('ANALYZE')
  } catch (error) {
    log(`ANALYZE failed (${(error as Error).message.split('\n')[0]}): the copy is complete; run ANALYZE by hand`)
  }
  return result
}

const summary = (checksum: TableChecksum) => ({ rows: checksum.rows, checksum: checksum.hex })

/** Each shared table's columns with their PostgreSQL types, parents before the tables that refer to them. */
async function describeTables(source: Db, tx: Sql): Promise<Map<string, Column[]>> {
  const rows = await tx.all<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  )
  const tables = new Map<string, Column[]>()
  for (const table of sharedTables(source)) {
    const columns = rows.filter((row) => row.table_name === table)
    const names = sqliteColumns(source, table)
    if (columns.length === 0) throw new Error(`PostgreSQL's schema has no table ${table}, which SQLite has`)
    const inPostgres = columns.map((column) => column.column_name)
    if ([...inPostgres].sort().join() !== [...names].sort().join())
      throw new Error(`${table} has columns ${names.join(', ')} in SQLite but ${inPostgres.join(', ')} in PostgreSQL`)
    tables.set(
      table,
      columns.map((column) => {
        if (!(COLUMN_TYPES as readonly string[]).includes(column.data_type))
          throw new Error(`${table}.${column.column_name} is of type ${column.data_type}, which the copy cannot fill`)
        return { name: column.column_name, type: column.data_type as ColumnType }
      }),
    )
  }
  const order = await parentsFirst(tx, [...tables.keys()])
  return new Map(order.map((table) => [table, tables.get(table) as Column[]]))
}

/** `tables` ordered so that each comes after the tables its foreign keys refer to. */
async function parentsFirst(tx: Sql, tables: readonly string[]): Promise<string[]> {
  const references = await tx.all<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint c
      JOIN pg_class child ON child.oid = c.conrelid JOIN pg_class parent ON parent.oid = c.confrelid
      WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  )
  const ordered: string[] = []
  const pending = new Set(tables)
  while (pending.size > 0) {
    const ready = [...pending].filter((table) =>
      references.every((ref) => ref.child !== table || ref.parent === table || !pending.has(ref.parent)),
    )
    if (ready.length === 0) throw new Error(`The foreign keys of ${[...pending].join(', ')} refer to each other`)
    for (const table of ready) {
      ordered.push(table)
      pending.delete(table)
    }
  }
  return ordered
}

async function refuseNonEmpty(tx: Sql, tables: readonly string[]): Promise<void> {
  const holding: string[] = []
  for (const table of tables) {
    if (SEEDED_TABLES.has(table)) continue
    const row = await tx.get<{ found: number }>(`SELECT EXISTS (SELECT 1 FROM ${quote(table)}) AS found`)
    if (row?.found === 1) holding.push(table)
  }
  const counter = await tx.get<{ last: number }>('SELECT last FROM change_seq WHERE id = 1')
  if ((counter?.last ?? 0) > 0) holding.push('change_seq')
  if (holding.length > 0) throw new TargetNotEmptyError(holding)
}

/** Inserts every row of `table` in multi-row INSERTs; answers the count and checksum of what SQLite gave. */
async function copyTable(
  source: Db,
  tx: Sql,
  table: string,
  columns: readonly Column[],
  batchRows: number,
): Promise<TableChecksum> {
  const checksum = new TableChecksum(columns)
  const names = columns.map((column) => quote(column.name)).join(', ')
  const row = `(${columns.map(() => '?').join(', ')})`
  const perBatch = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / columns.length)))
  let values: unknown[] = []
  let count = 0
  let bytes = 0
  const flush = async () => {
    if (count === 0) return
    await tx.run(`INSERT INTO ${quote(table)} (${names}) VALUES ${Array(count).fill(row).join(', ')}`, values)
    values = []
    count = 0
    bytes = 0
  }
  // Integers as BigInt, so that none beyond 2^53 is rounded on the way.
  const select = source
    .prepare(`SELECT ${names} FROM ${quote(table)}`)
    .raw(true)
    .safeIntegers(true)
  for (const read of select.iterate() as Iterable<unknown[]>) {
    const converted = columns.map((column, index) =>
      toPostgresValue(read[index], column.type, () => `${table}.${column.name} (row ${checksum.rows + 1})`),
    )
    checksum.add(converted)
    values.push(...converted)
    count++
    for (const value of converted) bytes += Buffer.isBuffer(value) || typeof value === 'string' ? value.length : 8
    if (count >= perBatch || bytes >= BATCH_BYTES) await flush()
  }
  await flush()
  return checksum
}

/** The count and checksum of `table` as PostgreSQL holds it, read through a cursor to keep memory bounded. */
async function checksumInPostgres(tx: Sql, table: string, columns: readonly Column[]): Promise<TableChecksum> {
  const checksum = new TableChecksum(columns)
  // BIGINT as text: the layer refuses integers beyond 2^53, which SQLite may hold.
  const select = columns
    .map((column) =>
      column.type === 'bigint' ? `${quote(column.name)}::text AS ${quote(column.name)}` : quote(column.name),
    )
    .join(', ')
  const fetch = columns.some((column) => column.type === 'bytea') ? FETCH_ROWS_WITH_BYTES : FETCH_ROWS
  await tx.exec(`DECLARE wings_copy_check NO SCROLL CURSOR FOR SELECT ${select} FROM ${quote(table)}`)
  for (;;) {
    const rows = await tx.all<Record<string, unknown>>(`FETCH ${fetch} FROM wings_copy_check`)
    if (rows.length === 0) break
    for (const row of rows) checksum.add(columns.map((column) => row[column.name]))
  }
  await tx.exec('CLOSE wings_copy_check')
  return checksum
}

/**
 * Sets the change log's counter and every identity or serial column's sequence past the copied numbers, and past
 * what SQLite's AUTOINCREMENT had handed out (a phone's cursor may be at a change deleted since). Answers the counter.
 */
async function continueCounters(source: Db, tx: Sql, tables: readonly string[]): Promise<number> {
  const highest = async (table: string, column: string) =>
    Math.max(
      (await tx.get<{ top: number }>(`SELECT COALESCE(max(${quote(column)}), 0) AS top FROM ${quote(table)}`))?.top ??
        0,
      lastAutoincrement(source, table),
    )
  const changeSeq = await highest('changes', 'seq')
  await tx.run('UPDATE change_seq SET last = ? WHERE id = 1', [changeSeq])
  const numbered = await tx.all<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')`,
  )
  for (const { table_name: table, column_name: column } of numbered) {
    if (!tables.includes(table)) continue
    const top = await highest(table, column)
    if (top > 0) await tx.get('SELECT setval(pg_get_serial_sequence(?, ?), ?)', [quote(table), column, top])
  }
  return changeSeq
}
