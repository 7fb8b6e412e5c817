import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../db/connection.ts'
import { migrate } from '../../db/migrate.ts'
import { interleaved } from '../../testing/interleaved-db.ts'
import { insertUserRow } from '../../testing/user-rows.ts'
import { createAlertsRepo, createGuardiansRepo } from './repo.ts'

let dir: string
let db: Db
const AT = '2026-11-25T12:00:00.000Z'
const LATER = '2026-11-25T12:00:01.000Z'
const UNTIL = '2026-11-25T12:00:20.000Z'

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wings-guardians-repo-'))
  db = openDatabase(join(dir, 'wings.db'))
  migrate(db)
  insertUserRow(db, { id: 'her' })
  const guardians = createGuardiansRepo(db)
  for (const id of ['g1', 'g2'])
    guardians.insert({ id, userId: 'her', name: id, tokenHash: `t-${id}`, tokenSealed: 's', createdAt: AT })
  const alerts = createAlertsRepo(db)
  const alertId = alerts.insertAlert({
    id: 'a1',
    userId: 'her',
    kind: 'sos',
    eventKey: 'sos:1',
    shareId: null,
    dataSealed: null,
    createdAt: AT,
  })
  alerts.insertEntry('o1', alertId, 'g1', AT)
  alerts.insertEntry('o2', alertId, 'g2', AT)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the alert outbox', () => {
  it('claims each due entry once and leases it', () => {
    const alerts = createAlertsRepo(db)
    expect(alerts.claimDue(LATER, UNTIL, 10).map((e) => [e.id, e.attempts])).toEqual([
      ['o1', 1],
      ['o2', 1],
    ])
    expect(alerts.claimDue(LATER, UNTIL, 10)).toEqual([])
    expect(alerts.nextDue()).toBe(UNTIL)
  })

  it('does not claim an entry another server leased after this one read it as due', () => {
    const other = createAlertsRepo(db)
    let taken: string[] | undefined
    // The other server claims the first due entry between this one's read of them and its first lease.
    const alerts = createAlertsRepo(
      interleaved(db, 'SET attempts = attempts + 1', () => {
        taken ??= other.claimDue(LATER, UNTIL, 1).map((e) => e.id)
      }),
    )
    const mine = alerts.claimDue(LATER, UNTIL, 10).map((e) => e.id)
    expect(taken).toHaveLength(1)
    expect([...(taken ?? []), ...mine].sort()).toEqual(['o1', 'o2'])
    expect(db.prepare('SELECT id, attempts FROM alert_outbox ORDER BY id').all()).toEqual([
      { id: 'o1', attempts: 1 },
      { id: 'o2', attempts: 1 },
    ])
  })

  it('reads single values: the alert of an event, its guardians, the next due time', () => {
    const alerts = createAlertsRepo(db)
    const again = { id: 'a2', userId: 'her', kind: 'sos' as const, eventKey: 'sos:1', shareId: null, dataSealed: null }
    expect(alerts.insertAlert({ ...again, createdAt: LATER })).toBe('a1')
    expect(alerts.guardiansOf('sos:1').sort()).toEqual(['g1', 'g2'])
    expect(alerts.guardiansOf('sos:2')).toEqual([])
    expect(alerts.nextDue()).toBe(AT)
    const guardians = createGuardiansRepo(db)
    expect(guardians.countByUser('her')).toBe(2)
    expect(guardians.countByUser('nobody')).toBe(0)
    expect(guardians.activeIds('her')).toEqual([])
    guardians.setPush('g2', { endpoint: 'https://push.invalid/1', p256dh: 'k', auth: 'a' }, AT)
    guardians.setShareStarted('g2', true)
    expect(guardians.activeIds('her')).toEqual(['g2'])
    expect(guardians.activeIds('her', true)).toEqual(['g2'])
    expect(guardians.linkEndedAt('t-g1')).toBeUndefined()
    guardians.endLink('t-g1', LATER)
    expect(guardians.linkEndedAt('t-g1')).toBe(LATER)
  })
})
