// Guardians' alerts (docs/guardians.md) from the real server to a push service on 127.0.0.1, with the production
// scanner and dispatcher (a tick every 2 s, a send at once when an SOS is queued), real encryption and VAPID:
// 1. time from a missed check-in's deadline to its delivery at the push service, her phone silent after setting it
//    (target p99 <= 30 s, typical <= 5 s);
// 2. alerts per second to 1,000 guardians (100 women with 10 each, all pressing SOS at once; target >= 200/s).
// Every push is decrypted with its subscription's keys. Exits non-zero when a target is missed.
import { DEFAULT_PUSH_SERVICE_ORIGINS } from '../sync-server/src/config.ts'
import {
  type BrowserSubscription,
  decryptPush,
  startPushService,
  subscriptionId,
} from '../sync-server/src/testing/push-service.ts'
import { createTestApp, signedIn, unlimitedRateLimits, validSignup } from '../sync-server/src/testing/test-app.ts'
import { percentile } from './report.ts'

const CHECK_INS = 60
/** Deadlines spread over this window, from a few seconds after they are set. */
const SPREAD_MS = 20_000
const WOMEN = 100
const GUARDIANS_EACH = 10
const TARGET_P99_MS = 30_000
const TARGET_TYPICAL_MS = 5_000
const TARGET_PER_SECOND = 200

const push = await startPushService()
const t = await createTestApp({
  logLevel: 'silent',
  rateLimits: unlimitedRateLimits(),
  pushServiceOrigins: [...DEFAULT_PUSH_SERVICE_ORIGINS, push.origin],
})
const { app } = t

const post = async (url: string, payload: object, cookies: Record<string, string>, status: number) => {
  const res = await app.inject({ method: 'POST', url, payload, cookies })
  if (res.statusCode !== status) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`)
  return res.json()
}

/** A woman with `count` guardians, each with notifications on at the local push service. */
async function woman(n: number, count: number) {
  const cookies = await signedIn(app, { email: `bench-${n}@example.in`, password: validSignup.password })
  const subscriptions: BrowserSubscription[] = []
  for (let g = 0; g < count; g += 1) {
    const { inviteUrl } = await post('/api/guardians', { name: `Guardian ${g}` }, cookies, 201)
    const subscription = push.subscribe()
    await post(`/api/guardian-invites/${String(inviteUrl).slice(3)}/push`, { subscription: subscription.json }, {}, 200)
    subscriptions.push(subscription)
  }
  return { cookies, subscriptions }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const problems: string[] = []

// ---- 1. Deadline to delivery ----
const checkIns: { subscription: BrowserSubscription; deadline: number }[] = []
for (let i = 0; i < CHECK_INS; i += 1) {
  const { cookies, subscriptions } = await woman(i, 1)
  const deadline = Date.now() + 5_000 + Math.random() * SPREAD_MS
  const checkIn = { deadline: new Date(deadline).toISOString(), destination: 'Home' }
  const share = await post('/api/share', { durationMinutes: 60, checkIn }, cookies, 201)
  await post(
    `/api/share/${share.token}/position`,
    { writeKey: share.writeKey, lat: 18.94, lon: 72.83, accuracy: 10 },
    {},
    200,
  )
  checkIns.push({ subscription: subscriptions[0] as BrowserSubscription, deadline: Date.parse(checkIn.deadline) })
}
const waitUntil = async (ready: () => boolean, ms: number) => {
  const end = Date.now() + ms
  while (!ready() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50))
}
const lastDeadline = Math.max(...checkIns.map((c) => c.deadline))
await waitUntil(
  () => checkIns.every((c) => push.delivered(subscriptionId(c.subscription)).length > 0),
  lastDeadline - Date.now() + 60_000,
)
const latencies = checkIns
  .map(({ subscription, deadline }) => {
    const [first] = push.delivered(subscriptionId(subscription))
    if (!first) return Number.POSITIVE_INFINITY
    const alert = JSON.parse(decryptPush(first.body, subscription))
    if (alert.kind !== 'checkin-missed') problems.push(`a check-in alert was ${alert.kind}`)
    return first.at - deadline
  })
  .sort((a, b) => a - b)
const lost = latencies.filter((ms) => !Number.isFinite(ms)).length
const median = percentile(latencies, 0.5)
const p99 = percentile(latencies, 0.99)
console.log(
  `missed check-in -> push      ${CHECK_INS} deadlines, her phone silent: median ${seconds(median)}, ` +
    `p99 ${seconds(p99)}, max ${seconds(latencies.at(-1) ?? 0)} (targets: typical <= ${seconds(TARGET_TYPICAL_MS)}, ` +
    `p99 <= ${seconds(TARGET_P99_MS)}: ${median <= TARGET_TYPICAL_MS && p99 <= TARGET_P99_MS ? 'met' : 'MISSED'})`,
)
if (lost > 0) problems.push(`${lost} missed check-ins were never delivered`)
if (median > TARGET_TYPICAL_MS) problems.push(`typical deadline-to-delivery ${seconds(median)}`)
if (p99 > TARGET_P99_MS) problems.push(`p99 deadline-to-delivery ${seconds(p99)}`)

// ---- 2. Alerts per second to 1,000 guardians ----
const women = []
for (let i = 0; i < WOMEN; i += 1) women.push(await woman(1_000 + i, GUARDIANS_EACH))
const guardians = women.flatMap((w) => w.subscriptions)
const before = push.delivered().length
const started = Date.now()
await Promise.all(
  women.map((w) => post('/api/sos', { lat: 18.94, lon: 72.83, accuracy: 15, message: 'Help' }, w.cookies, 202)),
)
await waitUntil(() => push.delivered().length - before >= guardians.length, 120_000)
const delivered = push.delivered().slice(before)
const elapsed = (delivered.at(-1)?.at ?? Date.now()) - started
const perSecond = (delivered.length / elapsed) * 1000
console.log(
  `SOS -> push                  ${guardians.length} guardians of ${WOMEN} women: ${delivered.length} delivered in ` +
    `${seconds(elapsed)}, ${perSecond.toFixed(0)} alerts/s (target ${TARGET_PER_SECOND}: ${perSecond >= TARGET_PER_SECOND ? 'met' : 'MISSED'})`,
)
const undecryptable = guardians.filter((subscription) => {
  const [request] = push.delivered(subscriptionId(subscription)).filter((r) => r.at >= started)
  try {
    return !request || JSON.parse(decryptPush(request.body, subscription)).kind !== 'sos'
  } catch {
    return true
  }
}).length
const twice = guardians.filter((s) => push.delivered(subscriptionId(s)).length > 1).length
if (delivered.length !== guardians.length)
  problems.push(`${delivered.length} of ${guardians.length} SOS alerts delivered`)
if (undecryptable > 0) problems.push(`${undecryptable} alerts were missing or could not be decrypted`)
if (twice > 0) problems.push(`${twice} guardians got an alert twice`)
if (perSecond < TARGET_PER_SECOND) problems.push(`${perSecond.toFixed(0)} alerts/s`)

await t.close()
await push.close()
if (problems.length > 0) {
  console.error(`guardians MISSED:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log('targets met: every alert delivered once and decrypted')
