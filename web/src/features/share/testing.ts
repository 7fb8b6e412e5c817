/** Test helpers for the share screens: a fake share server (msw) and a stored session. */
import { I18nProvider } from '@lingui/react'
import type { EndpointName } from '@wings/contract'
import { HttpResponse } from 'msw'
import { createElement, type ReactNode } from 'react'
import { db } from '../../db/db.ts'
import { i18n } from '../../i18n/catalog.tsx'
import { answer, server } from '../../test/api.ts'
import { SHARE_KEY, type ShareSession } from './session.ts'

/** The app's language context, for a screen rendered on its own: `render(<X />, { wrapper: I18n })`. */
export const I18n = ({ children }: { children: ReactNode }) => createElement(I18nProvider, { i18n }, children)

export const TOKEN = 'T'.repeat(43)
export const WRITE_KEY = 'W'.repeat(43)

export interface ShareCall {
  url: string
  body: Record<string, unknown> | undefined
}

type Answer = Response | 'offline'

const NOT_FOUND = { success: false as const, message: 'Not found', code: 'NOT_FOUND' }

/** The writes to a running share: each answers `{ success: true }` by default. */
const SHARE_WRITES = ['sharePosition', 'shareStop', 'shareCheckIn', 'shareSafe'] as const

/**
 * The share endpoints on the fake server: new shares get TOKEN and WRITE_KEY, every write answers 200. `reply` may
 * replace any answer (return undefined to keep the default; 'offline' makes the request fail as with no network).
 * The endpoints named in `also` go to `reply` too, into the same `calls` (404 Not found when it gives no answer).
 */
export function shareServer(
  reply: (call: ShareCall) => Answer | undefined | Promise<Answer | undefined> = () => undefined,
  also: readonly EndpointName[] = [],
) {
  const calls: ShareCall[] = []
  const given = async (request: Request, body: unknown): Promise<Response | undefined> => {
    const { pathname, search } = new URL(request.url)
    const call = { url: pathname + search, body: body as ShareCall['body'] }
    calls.push(call)
    const made = await reply(call)
    return made === 'offline' ? HttpResponse.error() : made
  }
  server.use(
    answer(
      'shareCreate',
      async ({ request, body }) =>
        (await given(request, body)) ?? {
          success: true,
          token: TOKEN,
          writeKey: WRITE_KEY,
          url: `/s/${TOKEN}`,
          expiresAt: minutesFromNow(body.durationMinutes),
        },
    ),
    ...SHARE_WRITES.map((name) =>
      answer(name, async ({ request, body }) => (await given(request, body)) ?? { success: true }),
    ),
    ...also.map((name) =>
      answer(name, async ({ request, body }) => (await given(request, body)) ?? NOT_FOUND, { status: 404 }),
    ),
  )
  return { calls }
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
