// The blog feed on the real server over loopback: 10,000 stories in the database, `GET /api/stories/all?page=1&limit=5`
// hammered by autocannon (in a worker thread, so the load generator does not share the server's event loop) for
// 10 s. Prints req/s and latency percentiles; exits non-zero below the target or on any non-200 answer.
import autocannon from 'autocannon'
import { openDatabase } from '../sync-server/src/db/connection.ts'
import { newId } from '../sync-server/src/ids.ts'
import { benchServer } from './bench-server.ts'

const STORIES = 10_000
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 10
const TARGET_PER_SECOND = 3_000
const TARGET_P99_MS = 50

const server = await benchServer()

// Seed by SQL in one transaction: 50 authors, 10,000 stories over the past year with plausible counters and a
// paragraph or three of text each (a feed page then weighs what a real one would).
const db = openDatabase(server.dbFile)
let t0 = performance.now()
db.transaction(() => {
  const now = Date.now()
  const user =
    db.prepare(`INSERT INTO users (id, email, first_name, last_name, age, gender, password_hash, created_at, updated_at)
    VALUES (?, ?, 'Bench', ?, 30, 'female', 'x', ?, ?)`)
  const story =
    db.prepare(`INSERT INTO stories (id, author_id, anonymous, title, content, created_at, updated_at, likes,
    dislikes, views, saves) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const authors = Array.from({ length: 50 }, (_, i) => {
    const id = newId()
    const at = new Date(now - 400 * 86_400_000).toISOString()
    user.run(id, `author${i}@example.in`, `Author ${i}`, at, at)
    return id
  })
  const paragraph =
    'I walked home from the station after the late shift. The main road was lit, the shops were still open, ' +
    'and I kept to it instead of the shortcut by the canal. Two women from the bus walked the same way. '
  for (let i = 0; i < STORIES; i++) {
    const at = new Date(now - Math.floor(Math.random() * 365 * 86_400_000)).toISOString()
    story.run(
      newId(),
      authors[i % authors.length],
      i % 10 === 0 ? 1 : 0,
      `Story ${i}: the way home`,
      paragraph.repeat(1 + (i % 5)),
      at,
      at,
      i % 97,
      i % 13,
      i % 1009,
      i % 7,
    )
  }
  // The feed's count lives in story_stats (kept by the repo on every write); seeding by SQL must set it.
  db.prepare('UPDATE story_stats SET visible = (SELECT COUNT(*) FROM stories WHERE hidden = 0)').run()
})()
db.close()
console.log(`seeded ${STORIES} stories in ${((performance.now() - t0) / 1000).toFixed(2)} s`)

const base = await server.listen()
const url = `${base}/api/stories/all?page=1&limit=5`
const first = await fetch(url)
const firstBody = (await first.json()) as { stories: unknown[]; totalPages: number }
if (first.status !== 200 || firstBody.stories.length !== 5 || firstBody.totalPages !== STORIES / 5) {
  throw new Error(`unexpected first answer: ${first.status} ${JSON.stringify(firstBody).slice(0, 200)}`)
}
// Warm up (JIT, statement cache) before measuring.
await autocannon({ url, connections: CONNECTIONS, duration: 1, workers: 1 })

t0 = performance.now()
const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, workers: 1 })
const perSecond = result.requests.average
const p99 = result.latency.p99
const failures = result.non2xx + result.errors + result.timeouts
console.log(
  `GET /api/stories/all?page=1&limit=5 (${STORIES} stories, ${CONNECTIONS} connections, ${SECONDS} s): ` +
    `${perSecond.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${p99} ms, max ${result.latency.max} ms, ` +
    `${(result.throughput.average / 1024 / 1024).toFixed(1)} MiB/s, ${result.requests.total} requests, ` +
    `failures ${failures}`,
)
console.log(`target: >= ${TARGET_PER_SECOND} req/s and p99 < ${TARGET_P99_MS} ms`)

await server.close()
if (failures > 0 || perSecond < TARGET_PER_SECOND || p99 >= TARGET_P99_MS) {
  console.error('stories feed benchmark: below target')
  process.exitCode = 1
}
