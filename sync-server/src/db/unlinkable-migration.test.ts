// Migration 013 (finding 3 of the security review): the anonymous ops applied before it lose what linked them to a
// device (their client id, exact time and place in applied_ops' order), and are still applied exactly once.
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { DATABASE_FILE } from '../app.ts'
import { anOp, pushOps } from '../testing/sync-ops.ts'
import { createTestApp, readDatabase, type TestApp } from '../testing/test-app.ts'
import { openDatabase } from './connection.ts'
import { migrate } from './migrate.ts'
import { hmacSha256 } from './sql-functions.ts'

const MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url))

let dir: string
let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
  rmSync(dir, { recursive: true, force: true })
})

/** A database as the server left it before migration 013, holding the given applied_ops rows in this order. */
function databaseBefore013(dataDir: string, rows: unknown[][]): void {
  const before = join(dir, 'before-013')
  mkdirSync(before)
  for (const name of readdirSync(MIGRATIONS).filter((name) => name < '013')) {
    copyFileSync(join(MIGRATIONS, name), join(before, name))
  }
  const db = openDatabase(join(dataDir, DATABASE_FILE))
  migrate(db, before)
  const insert = db.prepare(
    'INSERT INTO applied_ops (op_id, user_id, client_id, type, applied_at) VALUES (?, ?, ?, ?, ?)',
  )
  for (const row of rows) insert.run(...row)
  db.prepare(`INSERT INTO incidents (id, category, lat, lon, occurred_at, description)
    VALUES ('a1b2c3d4e5f6a1b2c3d4e5f6', 'stalking', 18.97, 72.81, '2026-03-02T14:00:00.000Z', 'Followed home')`).run()
  db.close()
}

describe('migration 013', () => {
  it("strips the anonymous ops' client ids and times, renumbers applied_ops, and keeps them applied once", async () => {
    dir = mkdtempSync(join(tmpdir(), 'wings-013-'))
    const dataDir = join(dir, 'data')
    const phone = randomUUID()
    const guestPhone = randomUUID()
    const report = anOp('incident.report', {
      category: 'stalking',
      lat: 18.97,
      lon: 72.81,
      occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
    })
    const rating = anOp('route.rate', { geometry: '_p~iF~ps|U_ulLnnqC', mode: 'foot', rating: 2 })
    const contact = anOp('contact.send', { fullName: 'Asha Rao', emailId: 'asha@example.in', query: 'Hello there' })
    const userId = 'aaaaaaaaaaaaaaaaaaaaaaaa'
    const reportTime = '2026-03-02T14:23:45.678Z'
    databaseBefore013(dataDir, [
      [randomUUID(), userId, phone, 'profile.update', '2026-03-02T14:23:45.601Z'],
      [report.opId, null, phone, 'incident.report', reportTime],
      [randomUUID(), userId, phone, 'draft.save', '2026-03-02T14:23:45.702Z'],
      [rating.opId, null, phone, 'route.rate', '2026-03-02T14:31:02.119Z'],
      [contact.opId, null, guestPhone, 'contact.send', '2026-03-02T15:00:00.000Z'],
    ])

    t = await createTestApp({ dataDir })
    const { applied, hashes, key } = readDatabase(t.dbFile, (db) => ({
      applied: db.prepare('SELECT rowid, type, client_id FROM applied_ops ORDER BY rowid').all(),
      hashes: db.prepare('SELECT op_key FROM anonymous_ops ORDER BY op_key').pluck().all(),
      key: db.prepare('SELECT key FROM anonymous_op_key').pluck().get() as Buffer,
    }))
    expect(applied).toEqual([
      { rowid: 1, type: 'profile.update', client_id: phone },
      { rowid: 2, type: 'draft.save', client_id: phone },
      { rowid: 3, type: 'contact.send', client_id: guestPhone },
    ])
    expect(hashes).toEqual([hmacSha256(key, report.opId), hmacSha256(key, rating.opId)].sort())

    // Still applied once: sent again, from any device, they are duplicates and change nothing.
    expect(await pushOps(t.app, [report, rating], { clientId: phone })).toEqual([
      { opId: report.opId, status: 'duplicate' },
      { opId: rating.opId, status: 'duplicate' },
    ])
    expect(await pushOps(t.app, [report, contact], { clientId: guestPhone })).toEqual([
      { opId: report.opId, status: 'duplicate' },
      { opId: contact.opId, status: 'duplicate' },
    ])
    const count = (table: string) =>
      readDatabase(t?.dbFile as string, (db) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get())
    expect(count('incidents')).toBe(1)
    expect(count('incident_queue')).toBe(0)
    expect(count('contact_messages')).toBe(0)

    // Nor are they left in the file's free pages.
    await t.app.close()
    const bytes = [DATABASE_FILE, `${DATABASE_FILE}-wal`]
      .map((name) => join(dataDir, name))
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file).toString('latin1'))
      .join('')
    expect(bytes).toContain('Followed home')
    for (const gone of [report.opId, rating.opId, reportTime]) expect(bytes).not.toContain(gone)
  })
})
