import { randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { App } from '../app.ts'

/** Cookies to send with a request, as `signedIn` returns them. */
export type Cookies = Record<string, string>

/** One entry of the `results` that POST /api/sync/push answers, in the order of the ops sent. */
export interface OpResultRow {
  opId: string
  status: string
  code?: string
  message?: string
}

/** An op as a client queues it: a fresh `opId` unless one is given, created now. */
export const anOp = (type: string, payload: unknown, opId: string = randomUUID()) => ({
  opId,
  type,
  payload,
  createdAt: new Date().toISOString(),
})

export interface PushOptions {
  /** The pushing client; pass the same one across pushes where a test relies on it. */
  clientId: string
  cookies?: Cookies
}

/** POST /api/sync/push with `{ clientId, ops }`; the response as it is, whatever its status. */
export function sendOps(
  app: App,
  ops: unknown[],
  { clientId, cookies = {} }: PushOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/sync/push', cookies, payload: { clientId, ops } })
}

/** POST /api/sync/push, expecting 200; the `results`, one per op. */
export async function pushOps(app: App, ops: unknown[], options: PushOptions): Promise<OpResultRow[]> {
  const res = await sendOps(app, ops, options)
  expect(res.statusCode).toBe(200)
  return res.json().results
}

/** Each result's status, or its code where the op was rejected. */
export const opStatuses = (results: OpResultRow[]) => results.map((r) => (r.status === 'rejected' ? r.code : r.status))
