import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'

export type Db = Database.Database

export function openDatabase(file: string): Db {
  mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file)
  // WAL lets readers run beside the one writer; NORMAL is durable enough in WAL mode and much faster.
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  return db
}
