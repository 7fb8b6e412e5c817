// The checks after a restart: every acknowledged write is in the database, the file passes integrity_check and the
// counters agree with their rows, and the clients' outboxes sent again leave every write applied exactly once.
import { type OpResult, PUSH_MAX_OPS } from '@wings/contract'
import { count, isOp, type Snapshot, type World, type Write, type WriteKind } from './crash-writes.ts'
import { type Answer, send } from './server-process.ts'
import { validSignup } from './test-app.ts'

/**
 * Every acknowledged write (this cycle's, and everything of earlier cycles) is in the database, and the counters
 * agree with their rows. Answers this cycle's acknowledged writes and how many of them were found.
 */
export function checkAcknowledged(world: World, db: Snapshot, cycle: number): { acked: Set<Write>; found: number } {
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

export interface Repush {
  ops: number
  applied: number
  duplicate: number
}

/** Each phone pushes its whole outbox again: acknowledged ops must answer 'duplicate', the rest applied or duplicate. */
export async function repushOutboxes(base: string, world: World, cycle: number): Promise<Repush> {
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
export async function retryRest(base: string, world: World, cycle: number) {
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
export function checkExactlyOnce(world: World, db: Snapshot, when: string): number {
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
export async function checkLogins(base: string, world: World, cycle: number) {
  const signups = world.writes.filter((w) => w.kind === 'signup' && w.acked && w.cycle === cycle).slice(0, 2)
  for (const { key: email } of signups) {
    const login = await send(base, 'POST', '/api/login', { body: { email, password: validSignup.password } })
    if (login?.status !== 200) world.problems.push(`cycle ${cycle}: acknowledged ${email} cannot log in`)
  }
}
