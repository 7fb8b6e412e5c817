import { statfsSync } from 'node:fs'
import { dirname } from 'node:path'
import { type Db, openDatabase, openDatabaseReadOnly } from './connection.ts'
import { migrate, pendingMigrations } from './migrate.ts'
import { isStorageFault } from './storage-fault.ts'

/** The database cannot be opened even to read, so the server cannot start; the message says why and what to do. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
}

export interface ServingDatabase {
  db: Db
  /** Why writes are refused (logged at start), or null when the database writes. */
  readOnly: string | null
}

/** Below this much free space the disk is taken to be full: SQLite needs room for the WAL and its index. */
const FULL_DISK_BYTES = 1024 * 1024

/** What a full disk, a read-only mount or folder makes opening the database (or creating DATA_DIR) fail with. */
const FILE_SYSTEM_FAULT = new Set(['ENOSPC', 'EROFS', 'EACCES', 'EPERM', 'EDQUOT'])

const codeOf = (error: unknown): string => String((error as { code?: unknown }).code ?? 'unknown error')

function diskIsFull(dir: string): boolean {
  try {
    const { bavail, bsize } = statfsSync(dir)
    return bavail * bsize < FULL_DISK_BYTES
  } catch {
    return false
  }
}

function cause(error: unknown, dir: string): string {
  const code = codeOf(error)
  if (diskIsFull(dir) || /^(SQLITE_FULL|SQLITE_IOERR_SHMSIZE|ENOSPC|EDQUOT)/.test(code)) return 'the disk is full'
  if (code.startsWith('SQLITE_CANTOPEN')) return 'it cannot be opened, or its folder cannot be written'
  if (/^(SQLITE_READONLY|EROFS|EACCES|EPERM)/.test(code)) return 'it or its folder cannot be written'
  if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return 'another process is using it'
  return 'the disk failed to read or write'
}

/**
 * The database the server runs on: opened and migrated, or, when the disk is full or the file read-only, opened for
 * reading only, so that she can still read stories and her saved things while writes answer 503. Throws
 * DatabaseUnavailableError when even that fails (no database yet, migrations it lacks, a folder it cannot open).
 * `open` is openDatabase, except in tests, which make it fail like a full disk.
 */
export function openServingDatabase(file: string, open: (file: string) => Db = openDatabase): ServingDatabase {
  const dir = dirname(file)
  let db: Db | undefined
  try {
    db = open(file)
    migrate(db)
    return { db, readOnly: null }
  } catch (error) {
    db?.close()
    if (!isStorageFault(error) && !FILE_SYSTEM_FAULT.has(codeOf(error))) throw error
    const why = `${cause(error, dir)} (${codeOf(error)})`
    const fix = `Free disk space in DATA_DIR (${dir}) and check that the server may write there`
    let reader: Db
    try {
      reader = openDatabaseReadOnly(file)
    } catch {
      throw new DatabaseUnavailableError(
        `Wings cannot open its database ${file}: ${why}. ${fix}, then start the server again.`,
      )
    }
    const missing = pendingMigrations(reader)
    if (missing.length > 0) {
      reader.close()
      throw new DatabaseUnavailableError(
        `Wings cannot update its database ${file} (${missing.join(', ')}): ${why}. ${fix}, then start the server again.`,
      )
    }
    return {
      db: reader,
      readOnly: `Wings cannot write its database ${file}: ${why}. Serving reads only: sign-ups, posts and sync answer 503. ${fix}, then restart the server.`,
    }
  }
}
