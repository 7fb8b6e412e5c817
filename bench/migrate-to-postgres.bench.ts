// How long `migrate-to-postgres` (sync-server/src/db/copy-to-postgres.ts) takes to move a city-sized SQLite database
// into PostgreSQL (a throwaway local cluster, fsync off): rows and bytes per second for the whole copy with its
// checks, and the same small table copied one row per INSERT, to show what the multi-row INSERTs save.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../sync-server/src/db/connection.ts'
import { openCopySource } from '../sync-server/src/db/copy-source.ts'
import { type CopyOptions, copyToPostgres } from '../sync-server/src/db/copy-to-postgres.ts'
import { migrate } from '../sync-server/src/db/migrate.ts'
import { connectPostgres } from '../sync-server/src/db/postgres-sql.ts'
import { startPostgresCluster } from '../sync-server/src/testing/postgres-cluster.ts'
import { fillSharedTables } from '../sync-server/src/testing/shared-table-rows.ts'

const USERS = 20_000
const CHANGES_PER_USER = 5
const STORIES = 10_000
const VIEWS_PER_STORY = 10
const CHUNKS = 100
const CHUNK_BYTES = 256 * 1024
const SMALL_CHANGES = 5_000
const AT = '2026-11-25T12:00:00.000Z'

/** A migrated SQLite file with a row in every shared table and `users` accounts with their changes, stories... */
function makeSource(file: string, users: number, full: boolean): void {
  const db = openDatabase(file)
  migrate(db)
  fillSharedTables(db)
  const user = db.prepare(`INSERT INTO users (id, email, first_name, last_name, age, gender, password_hash, created_at,
    updated_at) VALUES (?, ?, 'Bench', 'User', 30, 'female', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', ?, ?)`)
  const session = db.prepare('INSERT INTO sessions VALUES (?, ?, ?, ?, ?)')
  const change = db.prepare('INSERT INTO changes (user_id, entity, entity_id, changed_at) VALUES (?, ?, ?, ?)')
  const story = db.prepare(`INSERT INTO stories (id, author_id, title, content, created_at, updated_at)
    VALUES (?, ?, 'A walk home', ?, ?, ?)`)
  const view = db.prepare('INSERT INTO story_views VALUES (?, ?, ?)')
  const recording = db.prepare(`INSERT INTO evidence_recordings (id, user_id, mime_type, started_at, created_at)
    VALUES (?, ?, 'audio/webm', ?, ?)`)
  const chunk = db.prepare('INSERT INTO evidence_chunks VALUES (?, ?, ?, ?, ?)')
  db.transaction(() => {
    for (let i = 0; i < users; i++) {
      const id = `bench-user-${i}`
      user.run(id, `${id}@example.in`, AT, AT)
      if (!full) {
        for (let c = 0; c < SMALL_CHANGES / users; c++) change.run(id, 'story', `e${c}`, AT)
        continue
      }
      session.run(`bench-session-${i}`, id, AT, AT, AT)
      for (let c = 0; c < CHANGES_PER_USER; c++) change.run(id, 'story', `e${c}`, AT)
    }
    if (!full) return
    for (let s = 0; s < STORIES; s++) {
      const id = `bench-story-${s}`
      story.run(id, `bench-user-${s % users}`, 'She walked home by the lit road. '.repeat(30), AT, AT)
      for (let v = 0; v < VIEWS_PER_STORY; v++) view.run(id, `viewer-${v}`, '2026-11-25')
    }
    recording.run('bench-recording', 'bench-user-0', AT, AT)
    const data = Buffer.alloc(CHUNK_BYTES, 7)
    for (let c = 0; c < CHUNKS; c++) chunk.run('bench-recording', c, 'sha', CHUNK_BYTES, data)
  })()
  db.close()
}

async function copy(file: string, url: string, options: CopyOptions = {}) {
  const source = openCopySource(file)
  const target = await connectPostgres(url, { retries: 0 })
  const started = performance.now()
  try {
    const result = await copyToPostgres(source, target, options)
    return { result, seconds: (performance.now() - started) / 1000 }
  } finally {
    source.close()
    await target.close()
  }
}

const dir = mkdtempSync(join(tmpdir(), 'wings-migrate-bench-'))
const cluster = await startPostgresCluster()
const admin = await connectPostgres(cluster.url, { retries: 0, max: 1 })
const database = async (name: string) => {
  await admin.exec(`CREATE DATABASE ${name}`)
  const url = new URL(cluster.url)
  url.pathname = `/${name}`
  return url.href
}
try {
  const big = join(dir, 'big.db')
  makeSource(big, USERS, true)
  const megabytes = statSync(big).size / 1024 / 1024
  const { result, seconds } = await copy(big, await database('bench_big'))
  console.log(
    `migrate-to-postgres, ${result.rows} rows in ${result.tables.length} tables (SQLite file ${megabytes.toFixed(0)} MB, ` +
      `${((CHUNKS * CHUNK_BYTES) / 1024 / 1024).toFixed(0)} MB of it evidence), copied and checked: ${seconds.toFixed(1)} s, ` +
      `${Math.round(result.rows / seconds)} rows/s, ${(megabytes / seconds).toFixed(1)} MB/s`,
  )

  const small = join(dir, 'small.db')
  makeSource(small, 1000, false)
  for (const batchRows of [1, 500]) {
    const run = await copy(small, await database(`bench_small_${batchRows}`), { batchRows })
    console.log(
      `migrate-to-postgres, ${run.result.rows} rows, ${batchRows} row${batchRows === 1 ? '' : 's'} per INSERT: ` +
        `${run.seconds.toFixed(2)} s, ${Math.round(run.result.rows / run.seconds)} rows/s`,
    )
  }
} finally {
  await admin.close()
  await cluster.stop()
  rmSync(dir, { recursive: true, force: true })
}
