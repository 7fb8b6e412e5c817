import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { AlertPayload } from '@wings/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { DATABASE_FILE } from '../../app.ts'
import { waitFor } from '../../testing/guardians.ts'
import {
  type BrowserSubscription,
  decryptPush,
  type PushService,
  startPushService,
  subscriptionId,
} from '../../testing/push-service.ts'
import { killAllServers, type ServerProcess, send, startServer } from '../../testing/server-process.ts'
import { readDatabase, validSignup } from '../../testing/test-app.ts'

// The real server (src/server.ts) in a child process, killed with SIGKILL while her guardians' alerts are due, and
// started again on the same data: each alert reaches the push service once, within 30 s of the restart.

const dataDir = mkdtempSync(join(tmpdir(), 'wings-guardians-crash-'))
let push: PushService
afterAll(async () => {
  await killAllServers()
  await push?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const POSITION = { lat: 18.9402, lon: 72.8356, accuracy: 12 }

/** Posts and expects `status`; returns the answer's JSON. */
async function call(server: ServerProcess, path: string, body: unknown, status: number, cookie?: string) {
  const answer = await send(server.base, 'POST', path, { body, ...(cookie ? { cookie } : {}) })
  if (answer?.status !== status) throw new Error(`${path} answered ${answer?.status}: ${JSON.stringify(answer?.body)}`)
  return answer
}

/** A woman with one guardian whose notifications go to the local push service, answering `answers` first. */
async function womanWithGuardian(
  server: ServerProcess,
  name: string,
  answers: Parameters<PushService['subscribe']>[0],
) {
  const email = `${name.toLowerCase()}@example.in`
  await call(server, '/api/signup', { ...validSignup, firstName: name, email }, 201)
  const login = await call(server, '/api/login', { email, password: validSignup.password }, 200)
  const cookie = login.cookies.map((c) => c.split(';')[0]).join('; ')
  const invite = await call(server, '/api/guardians', { name: 'Maa' }, 201, cookie)
  const token = String((invite.body as { inviteUrl: string }).inviteUrl).slice(3)
  const subscription = push.subscribe(answers)
  await call(server, `/api/guardian-invites/${token}/push`, { subscription: subscription.json }, 200)
  return { cookie, subscription }
}

/** Her share, with a check-in `inSeconds` from now, and her position sent once. */
async function shareWithCheckIn(server: ServerProcess, cookie: string, inSeconds: number) {
  const deadline = new Date(Date.now() + inSeconds * 1000).toISOString()
  const share = await call(server, '/api/share', { durationMinutes: 60, checkIn: { deadline } }, 201, cookie)
  const { token, writeKey } = share.body as { token: string; writeKey: string }
  await call(server, `/api/share/${token}/position`, { writeKey, ...POSITION }, 200)
  return token
}

const delivered = (subscription: BrowserSubscription): AlertPayload[] =>
  push.delivered(subscriptionId(subscription)).map((r) => JSON.parse(decryptPush(r.body, subscription)))

describe('SIGKILL while her guardians’ alerts are due', () => {
  it('delivers each alert once, within 30 s of the restart', async () => {
    push = await startPushService()
    const env = { PUSH_SERVICE_ORIGINS: push.origin, PUBLIC_URL: 'https://wings.example' }
    const first = await startServer(dataDir, env)
    // Queued and tried once (the push service answered 503); in the middle of its send (no answer yet); and due while
    // the server is down.
    const tried = await womanWithGuardian(first, 'Asha', [503])
    const sending = await womanWithGuardian(first, 'Meera', ['hang'])
    const down = await womanWithGuardian(first, 'Riya', [])
    const triedShare = await shareWithCheckIn(first, tried.cookie, -30)
    const sendingShare = await shareWithCheckIn(first, sending.cookie, -30)
    await waitFor(() => push.requests.length === 2, 10_000, 'the first two sends')
    const downShare = await shareWithCheckIn(first, down.cookie, 3)
    await first.kill()
    expect(push.delivered()).toEqual([])
    await sleep(3_500)

    const second = await startServer(dataDir, env)
    const restarted = Date.now()
    for (const woman of [tried, sending, down]) {
      await waitFor(() => delivered(woman.subscription).length > 0, 30_000 - (Date.now() - restarted), 'an alert')
    }
    expect(Date.now() - restarted).toBeLessThanOrEqual(30_000)
    // And nothing twice.
    await sleep(4_000)
    for (const [woman, token, name] of [
      [tried, triedShare, 'Asha'],
      [sending, sendingShare, 'Meera'],
      [down, downShare, 'Riya'],
    ] as const) {
      expect(delivered(woman.subscription)).toEqual([
        expect.objectContaining({ kind: 'checkin-missed', title: `${name} missed her check-in`, url: `/s/${token}` }),
      ])
    }
    await second.stop()
    const outbox = readDatabase(join(dataDir, DATABASE_FILE), (db) =>
      db.prepare('SELECT status, push_result FROM alert_outbox').all(),
    )
    expect(outbox).toEqual(Array(3).fill({ status: 'sent', push_result: 'sent' }))
  }, 90_000)
})
