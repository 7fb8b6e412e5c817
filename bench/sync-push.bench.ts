// Outbox push on the real server over loopback: 10,000 queued ops (profile updates and contact messages) pushed
// in batches of 100 as one client drains its queue, then all pushed again as a client would after a lost answer.
// Checks by SQL that every op was applied exactly once.
import { randomUUID } from 'node:crypto'
import type { Op, OpResult, PushResponse } from '../packages/contract/src/index.ts'
import { openDatabase } from '../sync-server/src/db/connection.ts'
import { benchServer } from './bench-server.ts'

const OPS = 10_000
const BATCH = 100
const TARGET_OPS_PER_SECOND = 5_000

const server = await benchServer()
const base = await server.listen()
const json = { 'content-type': 'application/json' }

const account = {
  firstName: 'Bench',
  lastName: 'User',
  age: 30,
  gender: 'female',
  email: 'bench@example.in',
  password: 'Bench!Passw0rd',
}
await fetch(`${base}/api/signup`, { method: 'POST', headers: json, body: JSON.stringify(account) })
const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ email: account.email, password: account.password }),
})
const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? ''

const ops: Op[] = Array.from({ length: OPS }, (_, i) => ({
  opId: randomUUID(),
  createdAt: new Date().toISOString(),
  ...(i % 2 === 0
    ? { type: 'profile.update', payload: { firstName: `Bench${i}`, age: 20 + (i % 60) } }
    : {
        type: 'contact.send',
        payload: { fullName: 'Bench User', emailId: 'bench@example.in', query: `Message ${i}` },
      }),
}))
const contactOps = ops.filter((op) => op.type === 'contact.send').length
const clientId = randomUUID()

async function pushAll(): Promise<{ seconds: number; results: OpResult[] }> {
  const results: OpResult[] = []
  const started = performance.now()
  for (let i = 0; i < ops.length; i += BATCH) {
    const response = await fetch(`${base}/api/sync/push`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ clientId, ops: ops.slice(i, i + BATCH) }),
    })
    if (response.status !== 200) throw new Error(`push answered ${response.status}: ${await response.text()}`)
    results.push(...((await response.json()) as PushResponse).results)
  }
  return { seconds: (performance.now() - started) / 1000, results }
}

function statuses(results: OpResult[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

const first = await pushAll()
const again = await pushAll()

const db = openDatabase(server.dbFile)
const appliedRows = db.prepare('SELECT count(*) FROM applied_ops').pluck().get()
const messageRows = db.prepare('SELECT count(*) FROM contact_messages').pluck().get()
db.close()
await server.close()

const perSecond = OPS / first.seconds
console.log(
  `POST /api/sync/push           ${OPS} ops in batches of ${BATCH}: ${first.seconds.toFixed(2)} s, ` +
    `${perSecond.toFixed(0)} ops/s applied (target ${TARGET_OPS_PER_SECOND}: ${perSecond >= TARGET_OPS_PER_SECOND ? 'met' : 'MISSED'})`,
)
console.log(
  `POST /api/sync/push (again)   ${OPS} ops: ${again.seconds.toFixed(2)} s, ${(OPS / again.seconds).toFixed(0)} ops/s answered duplicate`,
)

const problems = [
  statuses(first.results).applied !== OPS && `first round: ${JSON.stringify(statuses(first.results))}`,
  statuses(again.results).duplicate !== OPS && `second round: ${JSON.stringify(statuses(again.results))}`,
  appliedRows !== OPS && `applied_ops holds ${appliedRows} rows, expected ${OPS}`,
  messageRows !== contactOps && `contact_messages holds ${messageRows} rows, expected ${contactOps}`,
].filter(Boolean)
if (problems.length > 0) {
  console.error(`sync push lost or doubled ops:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log(`verified: ${appliedRows} applied_ops rows, ${messageRows} contact messages, none lost or doubled`)
