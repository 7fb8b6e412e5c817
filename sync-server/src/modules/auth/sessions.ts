import { createHash, randomBytes } from 'node:crypto'
import { unlessStorageFails } from '../../db/storage-fault.ts'
import type { SessionsRepo } from './repo.ts'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** A session's expiry slides forward at most this often, so reading a page does not write on every request. */
const REFRESH_AFTER_MS = 60 * 60 * 1000
/** 256 random bits in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface ResolvedSession {
  userId: string
  /** The expiry moved forward: the cookie should be sent again with a fresh lifetime. */
  refreshed: boolean
}

/** Opaque session tokens: the client holds the token, the database only its SHA-256. */
export function createSessions(repo: SessionsRepo, now: () => number = Date.now) {
  const iso = (ms: number) => new Date(ms).toISOString()
  return {
    start(userId: string): string {
      const token = randomBytes(32).toString('base64url')
      const at = now()
      repo.removeExpired(iso(at))
      repo.insert(hashToken(token), userId, iso(at), iso(at + SESSION_TTL_MS))
      return token
    },

    resolve(token: string): ResolvedSession | null {
      if (!TOKEN_SHAPE.test(token)) return null
      const tokenHash = hashToken(token)
      const row = repo.find(tokenHash)
      if (!row) return null
      const at = now()
      if (Date.parse(row.expires_at) <= at) {
        unlessStorageFails(() => repo.remove(tokenHash))
        return null
      }
      // On a full or read-only disk she stays signed in and can read; the expiry moves on once writes work again.
      let refreshed = false
      if (at - Date.parse(row.last_seen_at) >= REFRESH_AFTER_MS)
        unlessStorageFails(() => {
          repo.touch(tokenHash, iso(at), iso(at + SESSION_TTL_MS))
          refreshed = true
        })
      return { userId: row.user_id, refreshed }
    },

    end(token: string): void {
      if (TOKEN_SHAPE.test(token)) repo.remove(hashToken(token))
    },
  }
}

export type Sessions = ReturnType<typeof createSessions>
