import type { OpResult } from '@wings/contract'
import { vi } from 'vitest'
import { db } from '../db/db.ts'

/** Empties every table of the app's database. */
export async function clearDb(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()))
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export interface PushCall {
  clientId: string
  ops: Array<{ opId: string; type: string; payload: unknown; createdAt: string }>
}

type PushHandler = (body: PushCall) => Response | Promise<Response> | OpResult['status'] | 'hang'
type PullHandler = (since: number) => Response | Promise<Response>

/** A fetch mock of the sync routes: by default every op is applied and a pull has no changes. */
export function syncServer(
  options: { push?: PushHandler; pull?: PullHandler; other?: (url: string) => Response } = {},
) {
  const pushes: PushCall[] = []
  const pulls: number[] = []
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/sync/push') {
      const body = JSON.parse(String(init?.body)) as PushCall
      pushes.push(body)
      const answer = options.push ? await options.push(body) : 'applied'
      if (answer instanceof Response) return answer
      if (answer === 'hang') return new Promise<Response>(() => undefined)
      return json(200, { success: true, results: body.ops.map((op) => ({ opId: op.opId, status: answer })) })
    }
    if (url.startsWith('/api/sync/pull?since=')) {
      const since = Number(url.slice('/api/sync/pull?since='.length))
      pulls.push(since)
      if (options.pull) return options.pull(since)
      return json(200, { success: true, cursor: since, more: false, changes: [] })
    }
    if (options.other) return options.other(url)
    return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, pushes, pulls }
}
