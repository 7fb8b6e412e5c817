// A server with her account and what her guardians' alerts go through: a local push service and SMTP server, and a
// clock the test moves. Used by the guardians' tests.
import { setTimeout as sleep } from 'node:timers/promises'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { Config } from '../config.ts'
import { DEFAULT_PUSH_SERVICE_ORIGINS } from '../config.ts'
import type { AlertOptions } from '../modules/guardians/setup.ts'
import { type BrowserSubscription, type PushAnswer, type PushService, startPushService } from './push-service.ts'
import { type SmtpInbox, startSmtpInbox } from './smtp-inbox.ts'
import type { Cookies } from './sync-ops.ts'
import { createTestApp, readDatabase, signedIn, type TestApp } from './test-app.ts'

export const PUBLIC_URL = 'https://wings.example'
/** How often the test server looks for missed check-ins and due alerts (ALERT_TICK_MS in production). */
export const TEST_TICK_MS = 250

export interface GuardianWorld {
  t: TestApp
  push: PushService
  smtp: SmtpInbox
  /** Her session (Asha Rao). */
  her: Cookies
  clock: { now(): Date; advance(ms: number): void }
  /** A new guardian of hers: its id and invitation token. */
  invite(name?: string): Promise<{ id: string; token: string }>
  /** Turns notifications on for the guardian with a new subscription on the local push service. */
  subscribe(token: string, answers?: PushAnswer[]): Promise<BrowserSubscription>
  /** Gives and confirms an e-mail through the local SMTP server. */
  confirmEmail(token: string, address: string): Promise<void>
  post(url: string, payload?: object, cookies?: Cookies): Promise<LightMyRequestResponse>
  query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[]
  close(): Promise<void>
}

export interface WorldOptions {
  config?: Partial<Config>
  alerts?: AlertOptions
  /** false: no SMTP_URL (no e-mail alerts). */
  smtp?: boolean
}

export async function startGuardianWorld({ config = {}, alerts = {}, smtp: withSmtp = true }: WorldOptions = {}) {
  const push = await startPushService()
  const smtp = await startSmtpInbox()
  let at = Date.now()
  const clock = {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms
    },
  }
  const t = await createTestApp(
    {
      publicUrl: PUBLIC_URL,
      smtpUrl: withSmtp ? smtp.url : null,
      pushServiceOrigins: [...DEFAULT_PUSH_SERVICE_ORIGINS, push.origin],
      ...config,
    },
    { now: clock.now, alerts: { sendTimeoutMs: 500, tickMs: TEST_TICK_MS, ...alerts } },
  )
  const her = await signedIn(t.app)
  const post = (url: string, payload: object = {}, cookies: Cookies = {}) =>
    t.app.inject({ method: 'POST', url, payload, cookies })

  const world: GuardianWorld = {
    t,
    push,
    smtp,
    her,
    clock,
    async invite(name = 'Maa') {
      const res = await post('/api/guardians', { name }, her)
      expect(res.statusCode, res.body).toBe(201)
      const { id, inviteUrl } = res.json() as { id: string; inviteUrl: string }
      return { id, token: inviteUrl.slice('/g/'.length) }
    },
    async subscribe(token, answers = []) {
      const subscription = push.subscribe(answers)
      const res = await post(`/api/guardian-invites/${token}/push`, { subscription: subscription.json })
      expect(res.statusCode, res.body).toBe(200)
      return subscription
    },
    async confirmEmail(token, address) {
      const res = await post(`/api/guardian-invites/${token}/email`, { email: address })
      expect(res.statusCode, res.body).toBe(202)
      const code = /[?&]confirm=([A-Za-z0-9_-]{43})/.exec(smtp.to(address).at(-1)?.text ?? '')?.[1]
      if (!code) throw new Error(`no confirmation e-mail to ${address}`)
      const confirmed = await post(`/api/guardian-invites/${token}/email/confirm`, { code })
      expect(confirmed.statusCode, confirmed.body).toBe(200)
    },
    post,
    query: <T>(sql: string, ...params: unknown[]) =>
      readDatabase(t.dbFile, (db) => db.prepare(sql).all(...params) as T[]),
    async close() {
      await t.close()
      await push.close()
      await smtp.close()
    },
  }
  return world
}

/** Waits until `ready()` holds (polling), or fails after `ms`. */
export async function waitFor(ready: () => boolean, ms = 5_000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + ms
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await sleep(25)
  }
}
