import type { EndpointName, OpResult, PushBody } from '@wings/contract'
import { db } from '../db/db.ts'
import { answer, type Reply, server } from './api.ts'

/** Empties every table of the app's database. */
export async function clearDb(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()))
}

/** A hand-made JSON Response, for answer() replies that vary by call (its body is still checked against the table). */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export type PushCall = PushBody

type Answered<K extends EndpointName> = Reply<K> | Promise<Reply<K>>
/** What every op of the batch gets: 'applied', 'duplicate', or a rejection with its code and message. */
type OpAnswer = OpResult['status'] | Omit<OpResult, 'opId'>
type PushHandler = (body: PushCall) => Answered<'syncPush'> | OpAnswer | Promise<OpAnswer> | 'hang'
type PullHandler = (since: number) => Answered<'syncPull'>

/**
 * The sync endpoints on the fake server (api.ts): by default every op pushed is applied and a pull has no changes.
 * `push` answers an op status for the whole batch, 'hang' (no answer), or any answer; `pull` any answer. Other
 * endpoints a test needs: server.use(answer(...)).
 */
export function syncServer(options: { push?: PushHandler; pull?: PullHandler } = {}) {
  const pushes: PushCall[] = []
  const pulls: number[] = []
  server.use(
    answer('syncPush', async ({ body }) => {
      pushes.push(body)
      const reply = options.push ? await options.push(body) : 'applied'
      if (reply === 'hang') return new Promise<never>(() => undefined)
      if (typeof reply === 'object' && (reply instanceof Response || 'success' in reply)) return reply
      const result = typeof reply === 'string' ? { status: reply } : reply
      return { success: true, results: body.ops.map((op) => ({ opId: op.opId, ...result })) }
    }),
    answer('syncPull', ({ query }) => {
      const since = Number(query.since)
      pulls.push(since)
      return options.pull ? options.pull(since) : { success: true, cursor: since, more: false, changes: [] }
    }),
  )
  return { pushes, pulls }
}
