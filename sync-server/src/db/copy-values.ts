// Values on their way from SQLite to PostgreSQL (copy-to-postgres.ts): each converted for its PostgreSQL column type,
// and each row reduced to one text form, so that a checksum computed on either side can be compared.
import { createHash } from 'node:crypto'

/** The PostgreSQL column types of the shared tables (docs/storage.md, Types). */
export type ColumnType = 'bigint' | 'double precision' | 'text' | 'bytea'
export const COLUMN_TYPES: readonly ColumnType[] = ['bigint', 'double precision', 'text', 'bytea']

export interface Column {
  name: string
  type: ColumnType
}

/** A value SQLite holds that its PostgreSQL column cannot take as it is (SQLite's columns take any type). */
export class CopyValueError extends Error {
  override name = 'CopyValueError'
}

const kindOf = (value: unknown): string =>
  Buffer.isBuffer(value)
    ? 'bytes'
    : typeof value === 'bigint'
      ? 'an integer'
      : typeof value === 'number'
        ? 'a real number'
        : 'text'

/**
 * `value` as read from SQLite (integers as BigInt, so that none is rounded) made into what `pg` sends for `type`:
 * integers beyond 2^53 go as text, which PostgreSQL parses exactly. Anything else than the column's type throws.
 */
export function toPostgresValue(value: unknown, type: ColumnType, where: () => string): unknown {
  if (value === null) return null
  const refuse = (why = `${kindOf(value)}, not ${type}`): never => {
    throw new CopyValueError(`${where()} holds ${why}`)
  }
  switch (type) {
    case 'bigint':
      if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString()
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value
      return refuse()
    case 'double precision':
      if (typeof value === 'number') return value
      if (typeof value === 'bigint' && Number.isSafeInteger(Number(value))) return Number(value)
      return refuse()
    case 'text':
      if (typeof value !== 'string') return refuse()
      // PostgreSQL's text cannot hold U+0000 at all.
      if (value.includes('\u0000')) return refuse('text with a NUL character, which PostgreSQL cannot store')
      return value
    case 'bytea':
      return Buffer.isBuffer(value) ? value : refuse()
  }
}

/**
 * One text form for a value of `type`, whichever side it was read from: integers in decimal (PostgreSQL's are read
 * as text, cast in the query, since the layer refuses those beyond 2^53), reals as JavaScript prints the double (both
 * sides give the same double: PostgreSQL prints floats exactly since version 12), bytes in hex.
 */
function normalise(value: unknown, type: ColumnType): string | null {
  if (value === null || value === undefined) return null
  if (type === 'bytea') return (value as Buffer).toString('hex')
  if (type === 'double precision') return String(Number(value))
  return String(value)
}

/**
 * A table's row count and checksum. The checksum adds up each row's SHA-256 (its first 128 bits, modulo 2^128), so it
 * does not depend on the order rows are read in: no ORDER BY, whose order for text would differ between SQLite
 * (bytes) and PostgreSQL (the database's collation), and no sort of a large table.
 */
export class TableChecksum {
  rows = 0
  private sum = 0n

  constructor(private readonly columns: readonly Column[]) {}

  /** Adds a row given as its values in `columns`' order. */
  add(values: readonly unknown[]): void {
    const text = JSON.stringify(this.columns.map((column, index) => normalise(values[index], column.type)))
    const digest = createHash('sha256').update(text).digest()
    this.sum = (this.sum + digest.readBigUInt64BE(0) * 2n ** 64n + digest.readBigUInt64BE(8)) % 2n ** 128n
    this.rows++
  }

  get hex(): string {
    return this.sum.toString(16).padStart(32, '0')
  }
}
