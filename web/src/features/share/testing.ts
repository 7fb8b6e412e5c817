/** Test helpers for the share screens: a fake share server (fetch) and a stored session. */
import { vi } from 'vitest'
import { db } from '../../db/db.ts'
import { json } from '../../test/sync.ts'
import { SHARE_KEY, type ShareSession } from './session.ts'

export const TOKEN = 'T'.repeat(43)
export const WRITE_KEY = 'W'.repeat(43)

export interface ShareCall {
  url: string
  body: Record<string, unknown> | undefined
}

type Answer = Response | 'offline'

/**
 * A fetch mock of /api/share: new shares get TOKEN and WRITE_KEY, every write answers 200. `answer` may replace any
 * answer (return undefined to keep the default; 'offline' makes fetch fail as with no network).
 */
export function shareServer(answer: (call: ShareCall) => Answer | undefined = () => undefined) {
  const calls: ShareCall[] = []
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    const call = { url, body }
    calls.push(call)
    const given = answer(call)
    if (given === 'offline') throw new TypeError('Failed to fetch')
    if (given) return given
    if (url === '/api/share') {
      const minutes = Number(body?.durationMinutes)
      return json(201, {
        success: true,
        token: TOKEN,
        writeKey: WRITE_KEY,
        url: `/s/${TOKEN}`,
        expiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
      })
    }
    if (url.startsWith('/api/share/')) return json(200, { success: true })
    return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, calls }
}

/** A running share stored on the phone, ending `minutes` from now. */
export function session(over: Partial<ShareSession> = {}, minutes = 60): ShareSession {
  return {
    token: TOKEN,
    writeKey: WRITE_KEY,
    url: `/s/${TOKEN}`,
    expiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
    ...over,
  }
}

export async function storeSession(value: ShareSession): Promise<void> {
  await db.meta.put({ key: SHARE_KEY, value })
}

export async function stored(): Promise<ShareSession | undefined> {
  return (await db.meta.get(SHARE_KEY))?.value as ShareSession | undefined
}

export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()
