// The change log's numbering and the sync push's applied-once basis, with concurrent writers, on both backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isUniqueViolation, type Sql } from './sql.ts'
import { DIALECTS, openTestBackend, type TestBackend } from './sql-test-backends.ts'

/** How the changes repo records a change on both backends (docs/storage.md, The change log). */
const RECORD_CHANGE = `INSERT INTO changes (user_id, entity, entity_id, changed_at) VALUES (?, ?, ?, ?)
  ON CONFLICT (user_id, entity, entity_id) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at`

const USER = 'u0000000000000000000000a'
const AT = '2026-11-25T12:00:00.000Z'

function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open: () => open(), opened }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A client following the cursor as GET /api/sync/pull does: what it has seen, in order. */
function puller(reader: Sql, table: string) {
  const seen: number[] = []
  let cursor = 0
  return {
    seen,
    async pull() {
      const rows = await reader.all<{ seq: number }>(
        `SELECT seq FROM ${table} WHERE user_id = ? AND seq > ? ORDER BY seq`,
        [USER, cursor],
      )
      for (const { seq } of rows) seen.push(seq)
      cursor = rows.at(-1)?.seq ?? cursor
    },
  }
}

/**
 * Writer A records a change and holds its transaction open; writer B (another server) records another meanwhile; a
 * puller pulls all along. Answers what the puller saw, every seq in the table at the end, and whether B had committed
 * while A was open. `bCommits`: B is expected to commit while A is open (a plain sequence), so wait for it.
 */
async function heldOpenWriter(backend: TestBackend, table: string, record: string, bCommits = false) {
  const follower = puller(backend.reader, table)
  const recorded = gate()
  const hold = gate()
  const writerA = backend.sql.transaction(async (tx) => {
    await tx.run(record, [USER, 'story', 'a', AT])
    recorded.open()
    await hold.opened
  })
  await recorded.opened
  let committedB = false
  const writerB = backend.peer
    .transaction((tx) => tx.run(record, [USER, 'story', 'b', AT]))
    .then(() => {
      committedB = true
    })
  if (bCommits) await writerB
  for (let i = 0; i < 5; i++) {
    await pause(20)
    await follower.pull()
  }
  const committedBWhileAOpen = committedB
  hold.open()
  await Promise.all([writerA, writerB])
  await follower.pull()
  const rows = await backend.reader.all<{ seq: number; entity_id: string }>(
    `SELECT seq, entity_id FROM ${table} ORDER BY seq`,
  )
  return { seen: follower.seen, rows, committedBWhileAOpen }
}

describe.each(DIALECTS)('the change log on %s', (dialect) => {
  let backend: TestBackend
  let sql: Sql

  beforeAll(async () => {
    backend = await openTestBackend(dialect, { migrated: true })
    sql = backend.sql
    await sql.run(
      `INSERT INTO users (id, email, first_name, last_name, age, gender, password_hash, created_at, updated_at)
        VALUES (?, ?, 'A', 'B', 30, 'female', 'x', ?, ?)`,
      [USER, 'a@example.org', AT, AT],
    )
  })
  afterAll(() => backend.close())

  it('gives each recording a new, higher seq and keeps one row per entity, even re-recording the newest', async () => {
    await sql.run('DELETE FROM changes')
    const seqs: number[] = []
    for (const id of ['s1', 's2', 's2', 's2', 's1', 's3']) {
      await sql.run(RECORD_CHANGE, [USER, 'story', id, AT])
      const row = await sql.get<{ seq: number }>('SELECT seq FROM changes WHERE entity_id = ?', [id])
      seqs.push(row?.seq ?? -1)
    }
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBeGreaterThan(seqs[i - 1] as number)
    const rows = await sql.all('SELECT entity_id, seq FROM changes ORDER BY seq')
    expect(rows).toEqual([
      { entity_id: 's2', seq: seqs[3] },
      { entity_id: 's1', seq: seqs[4] },
      { entity_id: 's3', seq: seqs[5] },
    ])
  })

  it('never lets a pull skip a change while another writer holds its transaction open', async () => {
    await sql.run('DELETE FROM changes')
    const { seen, rows, committedBWhileAOpen } = await heldOpenWriter(backend, 'changes', RECORD_CHANGE)
    // B waited for A: for the counter's row lock (PostgreSQL) or for the one connection (SQLite).
    expect(committedBWhileAOpen).toBe(false)
    expect(rows.map((row) => row.entity_id)).toEqual(['a', 'b'])
    expect(seen).toEqual(rows.map((row) => row.seq))
  })

  it('numbers a rolled-back change nowhere: the next one takes no gap a pull could wait on', async () => {
    await sql.run('DELETE FROM changes')
    await expect(
      sql.transaction(async (tx) => {
        await tx.run(RECORD_CHANGE, [USER, 'story', 'lost', AT])
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await sql.run(RECORD_CHANGE, [USER, 'story', 'kept', AT])
    expect(await sql.all('SELECT entity_id FROM changes')).toEqual([{ entity_id: 'kept' }])
  })

  describe('applied once', () => {
    const insertOp = (tx: Sql, opId: string) =>
      tx
        .transaction((savepoint) =>
          savepoint.run(
            'INSERT INTO applied_ops (op_id, user_id, client_id, type, applied_at) VALUES (?, ?, ?, ?, ?)',
            [opId, USER, 'c1', 'profile.update', AT],
          ),
        )
        .then(
          () => 'applied',
          (error) => {
            if (isUniqueViolation(error)) return 'duplicate'
            throw error
          },
        )

    it('gives one row and one unique violation when two servers insert the same op at once', async () => {
      const opId = `op-${dialect}-1`
      const inserted = gate()
      const hold = gate()
      const first = sql.transaction(async (tx) => {
        const status = await insertOp(tx, opId)
        inserted.open()
        await hold.opened
        return status
      })
      await inserted.opened
      const second = backend.peer.transaction((tx) => insertOp(tx, opId))
      await pause(20)
      hold.open()
      expect(await Promise.all([first, second])).toEqual(['applied', 'duplicate'])
      expect(await sql.all('SELECT op_id FROM applied_ops WHERE op_id = ?', [opId])).toEqual([{ op_id: opId }])
    })

    it('applies the op from the second server when the first rolls back', async () => {
      const opId = `op-${dialect}-2`
      const inserted = gate()
      const hold = gate()
      const first = sql.transaction(async (tx) => {
        await insertOp(tx, opId)
        inserted.open()
        await hold.opened
        throw new Error('the op failed')
      })
      await inserted.opened
      const second = backend.peer.transaction((tx) => insertOp(tx, opId))
      await pause(20)
      hold.open()
      await expect(first).rejects.toThrow('the op failed')
      expect(await second).toBe('applied')
      expect(await sql.all('SELECT op_id FROM applied_ops WHERE op_id = ?', [opId])).toEqual([{ op_id: opId }])
    })
  })
})

describe('the held-open writer test itself', () => {
  it('catches the skip a plain PostgreSQL sequence makes', async () => {
    const backend = await openTestBackend('postgres', { migrated: true })
    try {
      await backend.sql.exec(`CREATE TABLE changes_plain (
        seq BIGSERIAL PRIMARY KEY, user_id TEXT NOT NULL, entity TEXT NOT NULL, entity_id TEXT NOT NULL,
        changed_at TEXT NOT NULL, UNIQUE (user_id, entity, entity_id))`)
      const record = `INSERT INTO changes_plain (user_id, entity, entity_id, changed_at) VALUES (?, ?, ?, ?)`
      const { seen, rows, committedBWhileAOpen } = await heldOpenWriter(backend, 'changes_plain', record, true)
      expect(committedBWhileAOpen).toBe(true)
      expect(rows.map((row) => row.entity_id)).toEqual(['a', 'b'])
      // A's change (seq 1) became visible after the puller had moved past B's (seq 2): never pulled.
      expect(seen).toEqual([2])
    } finally {
      await backend.close()
    }
  })
})
