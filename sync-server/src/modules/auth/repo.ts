import type { Db } from '../../db/connection.ts'

export interface SessionRow {
  user_id: string
  expires_at: string
  last_seen_at: string
}

export function createSessionsRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at)
    VALUES (?, ?, ?, ?, ?)`)
  const find = db.prepare<[string], SessionRow>(
    'SELECT user_id, expires_at, last_seen_at FROM sessions WHERE token_hash = ?',
  )
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE token_hash = ?')
  const remove = db.prepare('DELETE FROM sessions WHERE token_hash = ?')
  const removeExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ?')

  return {
    insert(tokenHash: string, userId: string, now: string, expiresAt: string): void {
      insert.run(tokenHash, userId, now, expiresAt, now)
    },
    find: (tokenHash: string): SessionRow | undefined => find.get(tokenHash),
    touch(tokenHash: string, now: string, expiresAt: string): void {
      touch.run(now, expiresAt, tokenHash)
    },
    remove(tokenHash: string): void {
      remove.run(tokenHash)
    },
    removeExpired(now: string): void {
      removeExpired.run(now)
    },
  }
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>
