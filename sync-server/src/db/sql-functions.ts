import { createHmac } from 'node:crypto'
import type { Db } from './connection.ts'

/** HMAC-SHA256 of `text` under `key`, as lower-case hex. */
export function hmacSha256(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex')
}

/** Functions the migrations' SQL may call: SQLite has no hash function of its own. */
export function registerSqlFunctions(db: Db): void {
  db.function('hmac_sha256', { deterministic: true }, (key: unknown, text: unknown) =>
    hmacSha256(key as Buffer, String(text)),
  )
}
