import { createHmac, randomBytes } from 'node:crypto'

/** Today in UTC as YYYY-MM-DD: views count once per viewer per story per UTC day. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10)

/**
 * Who is viewing, as a key that says nothing about them. A signed-in user is 'u:<user id>'. A guest is 'g:' and an
 * HMAC-SHA256 of their IP and User-Agent under a random key that lives only in memory and is replaced when the UTC
 * day changes: within a day the same browser gets the same key, and no raw IP is stored; once the day's key is gone
 * nobody, including us, can tell whose a guest key was. A restart makes a new key, so a guest may count twice on
 * that day (accepted).
 */
export function createViewerKeys(now: () => Date = () => new Date()) {
  let day = ''
  let secret = Buffer.alloc(0)
  function secretFor(today: string): Buffer {
    if (today !== day) {
      day = today
      secret = randomBytes(32)
    }
    return secret
  }
  return {
    today: (): string => utcDay(now()),
    user: (userId: string): string => `u:${userId}`,
    /** `day` is the day the view counts for (from `today()`), so the key and its row agree at midnight. */
    guest(ip: string, userAgent: string, day: string): string {
      const hmac = createHmac('sha256', secretFor(day))
      return `g:${hmac.update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 32)}`
    },
  }
}

export type ViewerKeys = ReturnType<typeof createViewerKeys>
