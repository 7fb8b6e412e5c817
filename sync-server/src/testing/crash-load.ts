// SIGKILL during a write load (issue #10): the real server as a child process takes signups, sync pushes and likes
// from several clients on 127.0.0.1, is killed mid-load and restarted on the same data directory. Every write it
// acknowledged must be in the database, the file must pass integrity_check, and the clients' outboxes pushed again
// must leave every op applied exactly once. Used by crash-recovery.test.ts (one kill) and the bench (several).
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { type OpResult, PUSH_MAX_OPS } from '@wings/contract'
import { DATABASE_FILE } from '../app.ts'
import { newId } from '../ids.ts'
import { SESSION_COOKIE } from '../plugins/session.ts'
import { anOp } from './sync-ops.ts'
import { readDatabase, validSignup } from './test-app.ts'

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url))
const READY_WITHIN_MS = 30_000
const REQUEST_TIMEOUT_MS = 10_000

// The server's rate limits are per IP and per process (they start again on restart), and every client here is
// 127.0.0.1, so each cycle stays under them instead of lifting them: at most 90 of the 120 pushes a minute (the
// re-push needs a few), 260 likes of the 600 requests a minute, 8 of the 20 signups an hour (5 go to setup).
const BUDGET = { pushes: 90, likes: 260, signups: 8 }
// Paced so that each kind is still being written when the kill comes (1-2 s in).
const PAUSE_MS = { push: 60, like: 12, signup: 220 }
const OPS_PER_PUSH = 20
const PUSHERS = 3
const LIKERS = 2
const SEED_STORIES = 10

// ---------------------------------------------------------------------------------------------------------------
// The server process

/** The real server (src/server.ts) running as a child process. */
export interface ServerProcess {
  base: string
  /** Milliseconds from spawn until /api/healthz answered 200. */
  readyMs: number
  /** SIGKILL: no shutdown, no checkpoint, whatever was in flight is cut off. Resolves once the process is gone. */
  kill(): Promise<void>
  /** SIGTERM: the server's own graceful shutdown. */
  stop(): Promise<void>
  /** The last few kB it printed, for failure messages. */
  output(): string
}

/** Every server child still running, with the promise of its exit. */
const running = new Map<ChildProcess, Promise<void>>()

/** SIGKILLs every server child still running and waits until they are gone: for afterAll and finally blocks. */
export async function killAllServers(): Promise<void> {
  const exits = [...running].map(([child, exited]) => {
    child.kill('SIGKILL')
    return exited
  })
  await Promise.all(exits)
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', resolve)
  })
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Starts `node --import tsx src/server.ts` on `dataDir`, on a free loopback port; resolves once it answers. */
export async function startServer(dataDir: string): Promise<ServerProcess> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    // Only what the server reads, so nothing from the caller's environment (an LLM URL, TRUST_PROXY) leaks in.
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      WEB_DIST: join(dataDir, 'no-web-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => {
    const gone = () => {
      running.delete(child)
      resolve()
    }
    child.once('exit', gone)
    child.once('error', gone)
  })
  running.set(child, exited)
  const base = `http://127.0.0.1:${port}`
  try {
    await waitUntilReady(base, () => child.exitCode !== null || !running.has(child))
  } catch (error) {
    child.kill('SIGKILL')
    await exited
    throw new Error(`${(error as Error).message}\n${output}`)
  }
  return {
    base,
    readyMs: performance.now() - started,
    kill() {
      if (running.has(child) && child.pid !== undefined) process.kill(child.pid, 'SIGKILL')
      return exited
    },
    stop() {
      child.kill('SIGTERM')
      return exited
    },
    output: () => output,
  }
}

async function waitUntilReady(base: string, gone: () => boolean): Promise<void> {
  const deadline = performance.now() + READY_WITHIN_MS
  while (performance.now() < deadline) {
    if (gone()) throw new Error('the server exited before it answered')
    const answer = await send(base, 'GET', '/api/healthz')
    if (answer?.status === 200) return
    await sleep(50)
  }
  throw new Error(`the server did not answer within ${READY_WITHIN_MS} ms`)
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number
  body: unknown
  cookies: string[]
}

/** Requests started and not yet answered or failed: how many the kill cut off. */
let inFlight = 0

/** One request; null when no full answer came (refused, cut off by the kill, timed out): not acknowledged. */
async function send(
  base: string,
  method: string,
  path: string,
  { cookie, body }: { cookie?: string; body?: unknown } = {},
): Promise<Answer | null> {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (cookie !== undefined) headers.cookie = cookie
  inFlight++
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null, cookies: res.headers.getSetCookie() }
  } catch {
    return null
  } finally {
    inFlight--
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What the clients sent, and what the database must hold

interface Account {
  email: string
  userId: string
  cookie: string
}

/** The database as read through a connection of its own. */
interface Snapshot {
  integrity: string
  foreignKeyProblems: number
  emails: Set<string>
  appliedOps: Set<string>
  /** Story id to its like count. */
  stories: Map<string, number>
  drafts: Set<string>
  /** `${userId}:${storyId}` of every like reaction. */
  likes: Set<string>
}

function snapshot(dbFile: string): Snapshot {
  return readDatabase(dbFile, (db) => {
    const column = (sql: string) => new Set(db.prepare(sql).pluck().all() as string[])
    const stories = db.prepare('SELECT id, likes FROM stories').all() as { id: string; likes: number }[]
    return {
      integrity: (db.pragma('integrity_check') as { integrity_check: string }[])
        .map((row) => row.integrity_check)
        .join('; '),
      foreignKeyProblems: (db.pragma('foreign_key_check') as unknown[]).length,
      emails: column('SELECT email FROM users'),
      appliedOps: column('SELECT op_id FROM applied_ops'),
      stories: new Map(stories.map((s) => [s.id, s.likes])),
      drafts: column('SELECT id FROM drafts'),
      likes: column(`SELECT user_id || ':' || story_id FROM story_reactions WHERE kind = 'like'`),
    }
  })
}

type Op = ReturnType<typeof anOp>

/** A signup, a like over REST, or one of the op types the pushers send. */
type WriteKind = 'signup' | 'rest.like' | 'story.create' | 'draft.save' | 'story.like'
const isOp = (kind: WriteKind) => kind !== 'signup' && kind !== 'rest.like'
const count = (writes: Write[], test: (kind: WriteKind) => boolean) => writes.filter((w) => test(w.kind)).length

/** One write a client sent: acknowledged once the server answered it with success. */
interface Write {
  kind: WriteKind
  /** E-mail, opId, or `${userId}:${storyId}` for a like over REST. */
  key: string
  cycle: number
  acked: boolean
  /** Its effect is in the database. */
  present(db: Snapshot): boolean
}

interface Pusher {
  account: Account
  clientId: string
  /** The ops sent this cycle, acknowledged or not, in order: what the phone pushes again after the crash. */
  outbox: { op: Op; write: Write }[]
  liked: Set<string>
}

interface Liker {
  account: Account
  liked: Set<string>
}

interface World {
  dataDir: string
  dbFile: string
  writes: Write[]
  pushers: Pusher[]
  likers: Liker[]
  setupEmails: string[]
  seeds: string[]
  /** Stories whose creation was acknowledged: what likes may point at. */
  likeable: string[]
  problems: string[]
}

function opWrite(op: Op, userId: string, cycle: number): Write {
  const id = (op.payload as { _id: string })._id
  const kind = op.type as WriteKind
  const effect: Record<string, (db: Snapshot) => boolean> = {
    'story.create': (db) => db.stories.has(id),
    'draft.save': (db) => db.drafts.has(id),
    'story.like': (db) => db.likes.has(`${userId}:${id}`),
  }
  return {
    kind,
    key: op.opId,
    cycle,
    acked: false,
    present: (db) => db.appliedOps.has(op.opId) && (effect[kind]?.(db) ?? false),
  }
}

const signupWrite = (email: string, cycle: number): Write => ({
  kind: 'signup',
  key: email,
  cycle,
  acked: false,
  present: (db) => db.emails.has(email),
})

const likeWrite = (userId: string, storyId: string, cycle: number): Write => ({
  kind: 'rest.like',
  key: `${userId}:${storyId}`,
  cycle,
  acked: false,
  present: (db) => db.likes.has(`${userId}:${storyId}`),
})

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

async function setUp(base: string, dataDir: string): Promise<World> {
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

interface Load {
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

async function pushLoop(load: Load, pusher: Pusher) {
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

async function likeLoop(load: Load, liker: Liker) {
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

async function signupLoop(load: Load) {
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

// ---------------------------------------------------------------------------------------------------------------
// After the restart

/**
 * Every acknowledged write (this cycle's, and everything of earlier cycles) is in the database, and the counters
 * agree with their rows. Answers this cycle's acknowledged writes and how many of them were found.
 */
function checkAcknowledged(world: World, db: Snapshot, cycle: number): { acked: Set<Write>; found: number } {
  const when = `cycle ${cycle} after the restart`
  const acked = world.writes.filter((w) => w.acked)
  for (const w of acked.filter((w) => !w.present(db))) {
    world.problems.push(`${when}: acknowledged ${w.kind} ${w.key} (of cycle ${w.cycle}) lost`)
  }
  checkCounters(world, db, when)
  checkIntegrity(world, db, when)
  const thisCycle = acked.filter((w) => w.cycle === cycle)
  return { acked: new Set(thisCycle), found: thisCycle.filter((w) => w.present(db)).length }
}

function checkIntegrity(world: World, db: Snapshot, when: string) {
  if (db.integrity !== 'ok') world.problems.push(`${when}: integrity_check says ${db.integrity}`)
  if (db.foreignKeyProblems > 0) world.problems.push(`${when}: ${db.foreignKeyProblems} foreign key violations`)
}

interface Repush {
  ops: number
  applied: number
  duplicate: number
}

/** Each phone pushes its whole outbox again: acknowledged ops must answer 'duplicate', the rest applied or duplicate. */
async function repushOutboxes(base: string, world: World, cycle: number): Promise<Repush> {
  const figures = { ops: 0, applied: 0, duplicate: 0 }
  for (const pusher of world.pushers) {
    for (let i = 0; i < pusher.outbox.length; i += PUSH_MAX_OPS) {
      const batch = pusher.outbox.slice(i, i + PUSH_MAX_OPS)
      const answer = await send(base, 'POST', '/api/sync/push', {
        cookie: pusher.account.cookie,
        body: { clientId: pusher.clientId, ops: batch.map((s) => s.op) },
      })
      if (answer?.status !== 200) {
        world.problems.push(`cycle ${cycle}: re-push answered ${answer?.status ?? 'nothing'}`)
        continue
      }
      const results = (answer.body as { results: OpResult[] }).results
      batch.forEach(({ op, write }, j) => {
        const status = results[j]?.status
        figures.ops++
        if (status === 'applied') figures.applied++
        if (status === 'duplicate') figures.duplicate++
        const expected = write.acked ? ['duplicate'] : ['applied', 'duplicate']
        if (!status || !expected.includes(status)) {
          world.problems.push(`cycle ${cycle}: re-pushed ${write.acked ? 'acknowledged ' : ''}${op.type} → ${status}`)
        }
        write.acked = status === 'applied' || status === 'duplicate'
      })
    }
    pusher.outbox = []
  }
  return figures
}

/** The REST clients send again what got no answer: likes are idempotent, a signup that did land answers 409. */
async function retryRest(base: string, world: World, cycle: number) {
  for (const write of world.writes.filter((w) => !w.acked && !isOp(w.kind))) {
    let answer: Answer | null
    if (write.kind === 'signup') {
      answer = await send(base, 'POST', '/api/signup', { body: { ...validSignup, email: write.key } })
      write.acked = answer?.status === 201 || answer?.status === 409
    } else {
      const [userId, storyId] = write.key.split(':')
      const liker = world.likers.find((l) => l.account.userId === userId)
      answer = await send(base, 'PATCH', `/api/stories/${storyId}/like/increment`, { cookie: liker?.account.cookie })
      write.acked = answer?.status === 200
    }
    if (!write.acked) world.problems.push(`cycle ${cycle}: retried ${write.kind} answered ${answer?.status}`)
  }
}

/**
 * Once everything was sent again, the database holds exactly what was sent: each user, op, story, draft and like
 * once, and like counters equal to their rows. Answers how many rows it holds beyond that (duplicates).
 */
function checkExactlyOnce(world: World, db: Snapshot, when: string): number {
  for (const w of world.writes.filter((w) => !w.present(db))) {
    world.problems.push(`${when}: ${w.kind} ${w.key} missing after it was sent again`)
  }
  const sent = (test: (kind: WriteKind) => boolean) => count(world.writes, test)
  const extra = {
    users: db.emails.size - world.setupEmails.length - sent((k) => k === 'signup'),
    'applied ops': db.appliedOps.size - sent(isOp),
    stories: db.stories.size - world.seeds.length - sent((k) => k === 'story.create'),
    drafts: db.drafts.size - sent((k) => k === 'draft.save'),
    likes: db.likes.size - sent((k) => k === 'story.like' || k === 'rest.like'),
  }
  for (const [what, n] of Object.entries(extra)) {
    if (n !== 0) world.problems.push(`${when}: ${n > 0 ? `${n} more` : `${-n} fewer`} ${what} than were sent`)
  }
  checkCounters(world, db, when)
  checkIntegrity(world, db, when)
  return Object.values(extra).reduce((sum, n) => sum + Math.max(0, n), 0)
}

/** Each story's like counter equals its like rows (they change in one transaction, so a crash cannot part them). */
function checkCounters(world: World, db: Snapshot, when: string) {
  const rows = new Map<string, number>()
  for (const key of db.likes) {
    const storyId = key.split(':')[1] as string
    rows.set(storyId, (rows.get(storyId) ?? 0) + 1)
  }
  for (const [id, likes] of db.stories) {
    const n = rows.get(id) ?? 0
    if (likes !== n) world.problems.push(`${when}: story ${id} counts ${likes} likes for ${n} like rows`)
  }
}

/** Acknowledged signups of this cycle can log in (their password hash was stored whole). */
async function checkLogins(base: string, world: World, cycle: number) {
  const signups = world.writes.filter((w) => w.kind === 'signup' && w.acked && w.cycle === cycle).slice(0, 2)
  for (const { key: email } of signups) {
    const login = await send(base, 'POST', '/api/login', { body: { email, password: validSignup.password } })
    if (login?.status !== 200) world.problems.push(`cycle ${cycle}: acknowledged ${email} cannot log in`)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Cycles

export interface CycleReport {
  cycle: number
  /** How long the load ran before the kill. */
  loadMs: number
  /** Requests sent and not yet answered when the SIGKILL came. */
  inFlightAtKill: number
  /** Writes of this cycle (ops, likes, signups) that got no answer: cut off by the kill. */
  unanswered: number
  /** Writes the server acknowledged during this cycle's load, by kind. */
  acknowledged: { signups: number; ops: number; likes: number }
  /** Of those, found in the database after the restart (must be all). */
  foundAfterRestart: number
  /** Requests answered with a 4xx during the load (rate limits; they stay unacknowledged). */
  refused: number
  /** Milliseconds from spawning the restarted server until it answered. */
  restartMs: number
  repush: Repush
  /** Rows beyond what was sent, after the re-push (must be 0). */
  duplicates: number
  integrity: string
}

export interface CrashLoadReport {
  /** Milliseconds the first start took. */
  startMs: number
  cycles: CycleReport[]
  /** integrity_check after the final, graceful stop. */
  finalIntegrity: string
  /** Every lost write, duplicate, rejected op, 5xx or integrity failure found; empty when all held. */
  problems: string[]
}

/** Runs the load for `loadMs`, SIGKILLs the server, restarts it and checks; answers the restarted server. */
async function runCycle(
  server: ServerProcess,
  world: World,
  cycle: number,
  loadMs: number,
): Promise<{ report: CycleReport; server: ServerProcess }> {
  const load: Load = { base: server.base, cycle, world, stopped: false, budget: { ...BUDGET }, refused: 0, pushing: 0 }
  const loops = [
    ...world.pushers.map((p) => pushLoop(load, p)),
    ...world.likers.map((l) => likeLoop(load, l)),
    signupLoop(load),
  ]
  await sleep(loadMs)
  // The loops pause between requests: kill while a push (the longest write) is on its way or being applied.
  for (let waited = 0; load.pushing === 0 && waited < 250; waited++) await sleep(1)
  await sleep(Math.random() * 8)
  const inFlightAtKill = inFlight
  const killed = server.kill()
  load.stopped = true
  await killed
  await Promise.all(loops)
  const unanswered = world.writes.filter((w) => w.cycle === cycle && !w.acked).length
  noteServerOutput(world, server, `cycle ${cycle} before the kill`)

  const restarted = await startServer(world.dataDir)
  const afterRestart = snapshot(world.dbFile)
  const { acked, found } = checkAcknowledged(world, afterRestart, cycle)
  await checkLogins(restarted.base, world, cycle)
  const repush = await repushOutboxes(restarted.base, world, cycle)
  await retryRest(restarted.base, world, cycle)
  const duplicates = checkExactlyOnce(world, snapshot(world.dbFile), `cycle ${cycle} after the re-push`)
  const ackedThisCycle = world.writes.filter((w) => w.cycle === cycle && acked.has(w))
  return {
    server: restarted,
    report: {
      cycle,
      loadMs,
      inFlightAtKill,
      unanswered,
      acknowledged: {
        signups: count(ackedThisCycle, (k) => k === 'signup'),
        ops: count(ackedThisCycle, isOp),
        likes: count(ackedThisCycle, (k) => k === 'rest.like'),
      },
      foundAfterRestart: found,
      refused: load.refused,
      restartMs: restarted.readyMs,
      repush,
      duplicates,
      integrity: afterRestart.integrity,
    },
  }
}

/** A server logs at error level only when something failed: any such line is a problem. */
function noteServerOutput(world: World, server: ServerProcess, when: string) {
  const output = server.output().trim()
  if (output !== '') world.problems.push(`${when}: the server printed ${output}`)
}

export interface CrashLoadOptions {
  cycles: number
  /** Each cycle's load runs for a random time in [min, max] ms before the kill. */
  loadMs: [number, number]
  onCycle?: (report: CycleReport) => void
}

/**
 * Starts the server on a fresh data directory, runs `cycles` load/kill/restart/check cycles, stops it gracefully and
 * checks the file once more. The server is always gone and the directory removed when this settles. One run at a
 * time per process (its clean-up kills every server child it started).
 */
export async function runCrashLoad({
  cycles,
  loadMs: [min, max],
  onCycle,
}: CrashLoadOptions): Promise<CrashLoadReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wings-crash-'))
  try {
    let server = await startServer(dataDir)
    const startMs = server.readyMs
    const world = await setUp(server.base, dataDir)
    const reports: CycleReport[] = []
    for (let cycle = 1; cycle <= cycles; cycle++) {
      const next = await runCycle(server, world, cycle, Math.round(min + Math.random() * (max - min)))
      server = next.server
      reports.push(next.report)
      onCycle?.(next.report)
    }
    noteServerOutput(world, server, 'the last server')
    await server.stop()
    const final = snapshot(world.dbFile)
    checkExactlyOnce(world, final, 'after the final stop')
    return { startMs, cycles: reports, finalIntegrity: final.integrity, problems: world.problems }
  } finally {
    await killAllServers()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
