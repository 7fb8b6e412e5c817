// The write-load clients of the crash test: the accounts and seed stories they start from, and the loops that send
// sync pushes, likes and signups until the kill, recording each write and whether the server acknowledged it.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { OpResult } from '@wings/contract'
import { DATABASE_FILE } from '../app.ts'
import { newId } from '../ids.ts'
import { SESSION_COOKIE } from '../plugins/session.ts'
import {
  type Account,
  type Liker,
  likeWrite,
  type Op,
  opWrite,
  type Pusher,
  signupWrite,
  type World,
  type Write,
} from './crash-writes.ts'
import { type Answer, send } from './server-process.ts'
import { anOp } from './sync-ops.ts'
import { validSignup } from './test-app.ts'

// The server's rate limits are per IP and per process (they start again on restart), and every client here is
// 127.0.0.1, so each cycle stays under them instead of lifting them: at most 90 of the 120 pushes a minute (the
// re-push needs a few), 260 likes of the 600 requests a minute, 8 of the 20 signups an hour (5 go to setup).
export const BUDGET = { pushes: 90, likes: 260, signups: 8 }
// Paced so that each kind is still being written when the kill comes (1-2 s in).
const PAUSE_MS = { push: 60, like: 12, signup: 220 }
const OPS_PER_PUSH = 20
const PUSHERS = 3
const LIKERS = 2
const SEED_STORIES = 10

// ---------------------------------------------------------------------------------------------------------------
// Setup

const newEmail = () => `crash-${randomUUID()}@example.in`
const text = (min: number, spread: number) =>
  'She took the lit road home and shared her trip. '.repeat(60).slice(0, min + Math.floor(Math.random() * spread))

async function account(base: string, email: string): Promise<Account> {
  const signup = await send(base, 'POST', '/api/signup', { body: { ...validSignup, email } })
  if (signup?.status !== 201) throw new Error(`setup signup answered ${signup?.status}`)
  const login = await send(base, 'POST', '/api/login', { body: { email, password: validSignup.password } })
  const token = login?.cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0]
  const userId = (login?.body as { data?: { _id?: string } } | null)?.data?._id
  if (login?.status !== 200 || !token || !userId) throw new Error(`setup login answered ${login?.status}`)
  return { email, userId, cookie: token }
}

export async function setUp(base: string, dataDir: string): Promise<World> {
  const accounts: Account[] = []
  for (let i = 0; i < PUSHERS + LIKERS; i++) accounts.push(await account(base, newEmail()))
  const author = accounts[0] as Account
  const seeds: string[] = []
  for (let i = 0; i < SEED_STORIES; i++) {
    const body = { _id: newId(), title: `Seed ${i}`, content: text(200, 800) }
    const res = await send(base, 'POST', '/api/user/stories/create', { cookie: author.cookie, body })
    if (res?.status !== 201) throw new Error(`setup story answered ${res?.status}`)
    seeds.push(body._id)
  }
  return {
    dataDir,
    dbFile: join(dataDir, DATABASE_FILE),
    writes: [],
    pushers: accounts
      .slice(0, PUSHERS)
      .map((a) => ({ account: a, clientId: randomUUID(), outbox: [], liked: new Set<string>() })),
    likers: accounts.slice(PUSHERS).map((a) => ({ account: a, liked: new Set<string>() })),
    setupEmails: accounts.map((a) => a.email),
    seeds,
    likeable: [...seeds],
    problems: [],
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The load

export interface Load {
  base: string
  cycle: number
  world: World
  stopped: boolean
  budget: { pushes: number; likes: number; signups: number }
  /** Answers other than success during the load (429s: ops left in the outbox, as on a phone). */
  refused: number
  /** Pushes sent and not answered yet. */
  pushing: number
}

/** A story from `likeable` that `liked` does not hold yet (random start, so clients spread over stories). */
function unliked(likeable: string[], liked: Set<string>): string | undefined {
  const start = Math.floor(Math.random() * likeable.length)
  for (let i = 0; i < likeable.length; i++) {
    const id = likeable[(start + i) % likeable.length] as string
    if (!liked.has(id)) return id
  }
  return undefined
}

function nextOps(pusher: Pusher, likeable: string[]): Op[] {
  const ops: Op[] = []
  for (let i = 0; i < OPS_PER_PUSH; i++) {
    const target = i % 3 === 2 ? unliked(likeable, pusher.liked) : undefined
    if (target) {
      pusher.liked.add(target)
      ops.push(anOp('story.like', { _id: target }))
    } else if (i % 3 === 0) {
      ops.push(anOp('story.create', { _id: newId(), title: `Story ${ops.length}`, content: text(400, 2000) }))
    } else {
      ops.push(anOp('draft.save', { _id: newId(), title: `Draft ${ops.length}`, content: text(200, 1000) }))
    }
  }
  return ops
}

/** Marks the ops the server answered applied or duplicate as acknowledged; anything else is a problem here. */
function settle(load: Load, sent: { op: Op; write: Write }[], results: OpResult[]) {
  const byId = new Map(sent.map((s) => [s.op.opId, s]))
  for (const result of results) {
    const item = byId.get(result.opId)
    if (!item) continue
    if (result.status === 'applied' || result.status === 'duplicate') {
      item.write.acked = true
      if (item.op.type === 'story.create') load.world.likeable.push((item.op.payload as { _id: string })._id)
    } else {
      load.world.problems.push(`cycle ${load.cycle}: ${item.op.type} ${item.op.opId} rejected: ${result.code}`)
    }
  }
}

/** An answer that is not success: a 5xx during the load is a fault, a 4xx (a rate limit) is counted. */
function refusal(load: Load, what: string, answer: Answer | null) {
  if (!answer) return
  if (answer.status >= 500) load.world.problems.push(`cycle ${load.cycle}: ${what} answered ${answer.status}`)
  else load.refused++
}

export async function pushLoop(load: Load, pusher: Pusher) {
  while (!load.stopped && load.budget.pushes-- > 0) {
    const sent = nextOps(pusher, load.world.likeable).map((op) => ({
      op,
      write: opWrite(op, pusher.account.userId, load.cycle),
    }))
    pusher.outbox.push(...sent)
    load.world.writes.push(...sent.map((s) => s.write))
    load.pushing++
    const answer = await send(load.base, 'POST', '/api/sync/push', {
      cookie: pusher.account.cookie,
      body: { clientId: pusher.clientId, ops: sent.map((s) => s.op) },
    })
    load.pushing--
    if (answer?.status === 200) settle(load, sent, (answer.body as { results: OpResult[] }).results)
    else refusal(load, 'push', answer)
    await sleep(PAUSE_MS.push)
  }
}

export async function likeLoop(load: Load, liker: Liker) {
  while (!load.stopped && load.budget.likes-- > 0) {
    const storyId = unliked(load.world.likeable, liker.liked)
    if (!storyId) break
    liker.liked.add(storyId)
    const write = likeWrite(liker.account.userId, storyId, load.cycle)
    load.world.writes.push(write)
    const answer = await send(load.base, 'PATCH', `/api/stories/${storyId}/like/increment`, {
      cookie: liker.account.cookie,
    })
    if (answer?.status === 200) write.acked = true
    else refusal(load, 'like', answer)
    await sleep(PAUSE_MS.like)
  }
}

export async function signupLoop(load: Load) {
  while (!load.stopped && load.budget.signups-- > 0) {
    const email = newEmail()
    const write = signupWrite(email, load.cycle)
    load.world.writes.push(write)
    const answer = await send(load.base, 'POST', '/api/signup', { body: { ...validSignup, email } })
    if (answer?.status === 201) write.acked = true
    else refusal(load, 'signup', answer)
    await sleep(PAUSE_MS.signup)
  }
}
