// Finding 3 of the security review: anonymous reports and ratings could be linked to the person who made them.
// applied_ops kept each anonymous op's client id (the same as her signed-in ops') and its exact time, in insertion
// order beside her other ops, and a report showed on the heatmap the moment it was made. This test holds the database
// file and her account (user id, e-mail, session, client id, IP, user agent, the times she pushed) and looks for
// anything that ties one of the reports, ratings or tips to her.
import { createHash, randomUUID } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from './cli/import-region.ts'
import { newId } from './ids.ts'
import { CASINO, PALACE } from './testing/endpoints.ts'
import { anOp } from './testing/sync-ops.ts'
import {
  createTestApp,
  readDatabase,
  sessionCookie,
  type TestApp,
  unlimitedRateLimits,
  validSignup,
} from './testing/test-app.ts'

const DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url))
const silent = { out: () => {}, err: () => {} }

let imported: string
beforeAll(() => {
  imported = mkdtempSync(join(tmpdir(), 'wings-unlinkable-'))
  expect(runImportRegion([join(DATA, 'monaco.osm.pbf')], { DATA_DIR: imported }, silent)).toBe(0)
})
afterAll(() => rmSync(imported, { recursive: true, force: true }))

let t: TestApp
let dataDir: string
afterEach(async () => {
  await t.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Everything the server could know about a person: what the one holding her account and her phone knows too. */
interface Person {
  email: string
  userId: string
  session: string
  clientId: string
  ip: string
  userAgent: string
  /** Each push or report she sent: [just before, just after] (ms). */
  sent: [number, number][]
  /** Her anonymous ops' ids, and the texts of her reports and tips. */
  anonymousOpIds: string[]
  anonymousTexts: string[]
}

async function person(name: string, ip: string): Promise<Person> {
  const email = `${name}@example.in`
  const userAgent = `Phone-of-${name}/1.0`
  await t.app.inject({ method: 'POST', url: '/api/signup', payload: { ...validSignup, email }, remoteAddress: ip })
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: validSignup.password },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  })
  const session = sessionCookie(login) as string
  return {
    email,
    userId: login.json().data._id,
    session,
    clientId: randomUUID(),
    ip,
    userAgent,
    sent: [],
    anonymousOpIds: [],
    anonymousTexts: [],
  }
}

/** A signed-in push from her phone, as the app sends it: her signed-in ops and her anonymous ones together. */
async function push(who: Person, ops: ReturnType<typeof anOp>[]): Promise<void> {
  for (const op of ops) {
    if (op.type !== 'incident.report' && op.type !== 'route.rate') continue
    who.anonymousOpIds.push(op.opId)
    const payload = op.payload as { description?: string; tip?: string }
    who.anonymousTexts.push(payload.description ?? payload.tip ?? '')
  }
  const res = await postAs(who, '/api/sync/push', { clientId: who.clientId, ops })
  expect(res.statusCode).toBe(200)
  expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(ops.map(() => 'applied'))
}

/** A report over REST, signed in: the route never reads the session, but it is sent. */
async function postReport(who: Person, description: string): Promise<void> {
  who.anonymousTexts.push(description)
  const res = await postAs(who, '/api/incidents', { ...spot(1), description })
  expect(res.statusCode).toBe(201)
}

/** POSTs `payload` from her phone (her session, IP and browser), noting when it was sent. */
async function postAs(who: Person, url: string, payload: object) {
  const before = Date.now()
  const res = await t.app.inject({
    method: 'POST',
    url,
    cookies: { wings_session: who.session },
    remoteAddress: who.ip,
    headers: { 'user-agent': who.userAgent },
    payload,
  })
  who.sent.push([before, Date.now()])
  return res
}

const spot = (i: number) => ({
  category: 'harassment',
  lat: 43.7385 + i * 0.0007,
  lon: 7.4265,
  occurredAt: new Date(Date.now() - 60_000).toISOString(),
})
const report = (description: string, i: number) => anOp('incident.report', { ...spot(i), description })
const profile = (age: number) => anOp('profile.update', { age })
const draft = (title: string) =>
  anOp('draft.save', { _id: newId(), title, content: 'Notes for a story about the late bus from the station.' })

/** Every row of every table, as `{ table, rowid (null WITHOUT ROWID), values }`. */
function everyRow(db: Database.Database) {
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[]
  return tables.flatMap((table) => {
    const hasRowid = (() => {
      try {
        db.prepare(`SELECT rowid FROM "${table}" LIMIT 1`).get()
        return true
      } catch {
        return false
      }
    })()
    const rows = db.prepare(`SELECT ${hasRowid ? 'rowid AS __rowid, ' : ''}* FROM "${table}"`).all() as Record<
      string,
      unknown
    >[]
    return rows.map(({ __rowid, ...values }) => ({
      table,
      rowid: hasRowid ? Number(__rowid) : null,
      values: Object.values(values).map((v) => (Buffer.isBuffer(v) ? v.toString('hex') : String(v))),
    }))
  })
}

/** Her identifiers, as they could be stored: the session only as its SHA-256, the IP also in its IPv6 form. */
function identifiers(who: Person): string[] {
  const hash = createHash('sha256').update(who.session).digest()
  return [
    who.userId,
    who.email,
    who.clientId,
    who.session,
    hash.toString('hex'),
    hash.toString('base64url'),
    who.ip,
    who.userAgent,
  ]
}

/** When the region was imported: public (GET /api/region), and the name of the import edge numbers belong to. */
let importedAt = ''

/** An ISO time, or a number of ms, within one of her sends. */
function atHerSend(value: string, who: Person): boolean {
  if (value === importedAt) return false
  const ms = /^\d{4}-\d\d-\d\dT/.test(value) ? Date.parse(value) : /^\d{12,}$/.test(value) ? Number(value) : Number.NaN
  return Number.isFinite(ms) && who.sent.some(([from, to]) => ms >= from && ms <= to)
}

/**
 * What someone holding the database file and her account could use to tell which report is hers: any row about an
 * anonymous write (one holding its text, its op id or its type) that also holds one of her identifiers or a time of
 * one of her sends, or that sits in a table with rowids (insertion order, beside her own writes' rows).
 */
function links(dbFile: string, her: Person, everyone: Person[]): string[] {
  return readDatabase(dbFile, (db) => {
    const found: string[] = []
    const rows = everyRow(db)
    const anonymousMarks = [
      ...everyone.flatMap((p) => [...p.anonymousOpIds, ...p.anonymousTexts]),
      'incident.report',
      'route.rate',
    ]
    for (const row of rows) {
      const about = anonymousMarks.find((mark) => row.values.some((v) => v.includes(mark)))
      if (!about) continue
      const where = `${row.table} row holding '${about.slice(0, 40)}'`
      for (const id of identifiers(her)) {
        if (row.values.some((v) => v.includes(id))) found.push(`${where} holds her ${id}`)
      }
      for (const v of row.values) if (atHerSend(v, her)) found.push(`${where} holds the time of her push: ${v}`)
      if (row.rowid !== null) found.push(`${where} has rowid ${row.rowid}: an insertion order`)
    }
    // Her op ids are known only to her phone: if the database holds one, it says which write was hers.
    for (const opId of her.anonymousOpIds) {
      for (const row of rows) if (row.values.some((v) => v.includes(opId))) found.push(`${row.table} holds op ${opId}`)
    }
    // Rows of the other ops she sent, numbered without a gap: a gap would show where an anonymous op went between them.
    const ids = db.prepare('SELECT rowid FROM applied_ops ORDER BY rowid').pluck().all() as number[]
    if (ids.some((id, i) => id !== i + 1)) found.push(`applied_ops rowids have gaps: ${ids.join(',')}`)
    return [...new Set(found)]
  })
}

/** Each table's rows as JSON strings (with the rowid where there is one), for comparing two moments. */
function tableRows(dbFile: string): Map<string, Set<string>> {
  return readDatabase(dbFile, (db) => {
    const tables = new Map<string, Set<string>>()
    for (const row of everyRow(db)) {
      const rows = tables.get(row.table) ?? new Set<string>()
      rows.add(JSON.stringify([row.rowid, ...row.values]))
      tables.set(row.table, rows)
    }
    return tables
  })
}

/**
 * What `act` added or changed, table by table, must hold none of her identifiers and no time of her sends, and be in
 * tables without rowids (no order to line up with her other writes), the sqlite_sequence of AUTOINCREMENT included.
 */
async function expectUnlinkableEffects(her: Person, act: () => Promise<unknown> | unknown): Promise<number> {
  const before = tableRows(t.dbFile)
  await act()
  const after = tableRows(t.dbFile)
  let changed = 0
  for (const [table, rows] of after) {
    const added = [...rows].filter((row) => !before.get(table)?.has(row))
    changed += added.length
    for (const row of added) {
      const [rowid, ...values] = JSON.parse(row) as [number | null, ...string[]]
      expect(rowid, `${table} ${row}: a rowid`).toBeNull()
      for (const id of identifiers(her)) expect(values.join('|'), `${table} ${row}`).not.toContain(id)
      for (const v of values) expect(atHerSend(v, her), `${table} ${row}: the time of her push`).toBe(false)
    }
  }
  return changed
}

describe('anonymous reports, ratings and tips', () => {
  it('cannot be told apart as hers from the database file and her account', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wings-unlinkable-'))
    cpSync(imported, dataDir, { recursive: true })
    t = await createTestApp({ dataDir, rateLimits: unlimitedRateLimits() })
    importedAt = (await t.app.inject({ url: '/api/region' })).json().importedAt
    const route = await t.app.inject({
      method: 'POST',
      url: '/api/route/find',
      payload: { source: CASINO, destination: PALACE, mode: 'foot' },
    })
    const geometry = route.json().routes[0].geometry as string
    const rate = (tip: string) => anOp('route.rate', { geometry, mode: 'foot', rating: 2, tip })

    const her = await person('asha', '203.0.113.7')
    const him = await person('meera', '198.51.100.4')
    // Their pushes interleave, each with signed-in writes around the anonymous ones.
    await push(her, [profile(30), report('Followed from the station by a man', 1), draft('Her draft one')])
    await push(him, [profile(41), report('Shouting at the bus stop late', 2), draft('His draft one')])
    await push(her, [rate('Dark stairs by the garden'), profile(31), report('Car slowed next to me twice', 3)])
    await postReport(her, 'Lights out on the promenade')
    await push(him, [draft('His draft two'), rate('Busy and well lit'), profile(42)])
    await postReport(him, 'Man filming women at the beach')
    // A push holding her anonymous op alone adds nothing that points at her.
    expect(await expectUnlinkableEffects(her, () => push(her, [report('Groped in the crowd at the market', 4)]))).toBe(
      2,
    )

    // Waiting for a batch: nothing links them, and none is on the heatmap, in a tip or a street's score yet.
    const everyone = [her, him]
    expect(links(t.dbFile, her, everyone)).toEqual([])
    const heatmap = () => t.app.inject({ url: '/api/incidents/heatmap?bbox=7.40,43.72,7.44,43.76' })
    expect((await heatmap()).json().cells).toEqual([])
    expect((await t.app.inject({ url: '/api/tips?bbox=7.40,43.72,7.44,43.76' })).json().tips).toEqual([])

    // The batches that publish them add nothing that points at her either.
    expect(await expectUnlinkableEffects(her, () => t.signalBatch())).toBeGreaterThan(0)
    expect(await expectUnlinkableEffects(her, () => t.signalBatch())).toBeGreaterThan(0)
    expect((await heatmap()).json().cells.length).toBeGreaterThan(0)
    expect((await t.app.inject({ url: '/api/tips?bbox=7.40,43.72,7.44,43.76' })).json().tips).toHaveLength(2)
    expect(links(t.dbFile, her, everyone)).toEqual([])
    const count = (table: string) =>
      readDatabase(t.dbFile, (db) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get())
    expect(count('incidents')).toBe(6)
    expect(count('route_ratings')).toBe(2)

    // The file itself, byte by byte, once the server has closed it: none of her anonymous ops' ids anywhere.
    await t.app.close()
    const bytes = ['wings.db', 'wings.db-wal']
      .map((name) => join(dataDir, name))
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file).toString('latin1'))
      .join('')
    for (const opId of her.anonymousOpIds) expect(bytes).not.toContain(opId)
    expect(bytes).toContain('Groped in the crowd at the market')
  }, 30_000)
})
