import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PULL_LIMIT, type User } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAttemptLimit } from '../../attempt-limit.ts'
import { createReadSnapshot, createTransact, type Db, openDatabase } from '../../db/connection.ts'
import { migrate } from '../../db/migrate.ts'
import { anOp } from '../../testing/sync-ops.ts'
import { insertUserRow } from '../../testing/user-rows.ts'
import { createChangesRepo } from '../changes/repo.ts'
import { createChatRepo } from '../chat/repo.ts'
import { createChatService } from '../chat/service.ts'
import { createContactRepo } from '../contact/repo.ts'
import { type ContactService, createContactService } from '../contact/service.ts'
import { createDraftsRepo } from '../drafts/repo.ts'
import { createDraftsService } from '../drafts/service.ts'
import { createIncidentsRepo } from '../incidents/repo.ts'
import { createIncidentsService } from '../incidents/service.ts'
import { createProfileService } from '../profile/service.ts'
import { createRatingsRepo } from '../ratings/repo.ts'
import { createRatingsService } from '../ratings/service.ts'
import { createRegionService } from '../region/service.ts'
import { createSavedRoutesRepo } from '../saved-routes/repo.ts'
import { createSavedRoutesService } from '../saved-routes/service.ts'
import { createStoriesRepo } from '../stories/repo.ts'
import { createStoriesService } from '../stories/service.ts'
import { createViewerKeys } from '../stories/viewer-keys.ts'
import { createTrustedContactsRepo } from '../trusted-contacts/repo.ts'
import { createTrustedContactsService } from '../trusted-contacts/service.ts'
import { createUsersRepo, type UsersRepo } from '../users/repo.ts'
import { createAppliedOpsRepo } from './repo.ts'
import { createSyncService } from './service.ts'

let dir: string
let db: Db
let user: User

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wings-sync-'))
  db = openDatabase(join(dir, 'wings.db'))
  migrate(db)
  insertUserRow(db, {
    id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    email: 'asha@example.in',
    firstName: 'Asha',
    lastName: 'Rao',
    age: 28,
  })
  user = createUsersRepo(db).findById('aaaaaaaaaaaaaaaaaaaaaaaa') as User
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

function service(overrides: { users?: UsersRepo; contact?: ContactService } = {}) {
  const transact = createTransact(db)
  const users = overrides.users ?? createUsersRepo(db)
  const changes = createChangesRepo(db)
  const drafts = createDraftsService({ drafts: createDraftsRepo(db), changes, transact })
  const stories = createStoriesService({
    stories: createStoriesRepo(db),
    drafts,
    changes,
    transact,
    reportLimit: createAttemptLimit({ max: 100, windowMs: 60_000 }),
    viewerKeys: createViewerKeys(),
  })
  return {
    changes,
    sync: createSyncService({
      appliedOps: createAppliedOpsRepo(db),
      changes,
      users,
      profile: createProfileService({ users, changes, transact }),
      contact:
        overrides.contact ??
        createContactService(createContactRepo(db), createAttemptLimit({ max: 100, windowMs: 60_000 })),
      stories,
      drafts,
      savedRoutes: createSavedRoutesService({ savedRoutes: createSavedRoutesRepo(db), changes, transact }),
      trustedContacts: createTrustedContactsService({
        trustedContacts: createTrustedContactsRepo(db),
        changes,
        transact,
      }),
      incidents: createIncidentsService({
        repo: createIncidentsRepo(db),
        limit: createAttemptLimit({ max: 100, windowMs: 60_000 }),
        signals: null,
        transact,
      }),
      ratings: createRatingsService({
        repo: createRatingsRepo(db),
        regions: createRegionService(null, ''),
        signals: null,
        limit: createAttemptLimit({ max: 100, windowMs: 60_000 }),
        transact,
      }),
      regions: createRegionService(null, ''),
      chat: createChatService({
        repo: createChatRepo(db),
        transact,
        limit: createAttemptLimit({ max: 100, windowMs: 60_000 }),
        llm: null,
      }),
      guardianAlerts: { sos: () => 0 },
      transact,
      readSnapshot: createReadSnapshot(db),
    }),
  }
}

const log = () => ({ error: vi.fn() })

describe('push', () => {
  it('rolls back an op that fails halfway, answers INTERNAL_ERROR, logs it, and keeps the ops around it', async () => {
    const messages = createContactRepo(db)
    const failsAfterWriting: ContactService = {
      send: (body) => {
        messages.insert({ id: 'x', fullName: body.fullName, email: body.emailId, query: body.query, createdAt: '' })
        throw new Error('disk on fire')
      },
    }
    const { sync } = service({ contact: failsAfterWriting })
    const by = { user, client: '127.0.0.1', log: log() }
    const ops = [
      anOp('profile.update', { age: 30 }),
      anOp('contact.send', { fullName: 'A', emailId: 'a@b.in', query: 'Hi' }),
      anOp('profile.update', { firstName: 'Ria' }),
    ]
    expect(await sync.push({ clientId: randomUUID(), ops }, by)).toEqual([
      { opId: ops[0]?.opId, status: 'applied' },
      {
        opId: ops[1]?.opId,
        status: 'rejected',
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong. Please try again later.',
      },
      { opId: ops[2]?.opId, status: 'applied' },
    ])
    expect(by.log.error).toHaveBeenCalledOnce()
    expect(db.prepare('SELECT count(*) FROM contact_messages').pluck().get()).toBe(0)
    expect(db.prepare('SELECT op_id FROM applied_ops ORDER BY rowid').pluck().all()).toEqual([
      ops[0]?.opId,
      ops[2]?.opId,
    ])
    expect(createUsersRepo(db).findById(user._id)).toMatchObject({ age: 30, firstName: 'Ria' })
  })
})

describe('pull', () => {
  it('pages through many changes with `more` and a cursor that skips nothing', () => {
    const { sync, changes } = service()
    const at = new Date().toISOString()
    for (let i = 0; i < PULL_LIMIT + 1; i++) changes.record(user._id, 'user', `gone${i}`, at)
    const first = sync.pull(user._id, 0)
    expect(first.changes).toHaveLength(PULL_LIMIT)
    expect(first.more).toBe(true)
    expect(first.cursor).toBe(first.changes.at(-1)?.seq)
    expect(first.changes[0]).toEqual({ seq: 1, entity: 'user', id: 'gone0', deleted: true })
    const second = sync.pull(user._id, first.cursor)
    expect(second.more).toBe(false)
    expect(second.changes.map((c) => c.id)).toEqual([`gone${PULL_LIMIT}`])
    expect(sync.pull(user._id, second.cursor).changes).toEqual([])
  })

  it('never gives a seq out twice, even when the newest change is replaced', () => {
    const { sync, changes } = service()
    const at = new Date().toISOString()
    changes.record(user._id, 'user', user._id, at)
    const { cursor } = sync.pull(user._id, 0)
    changes.record(user._id, 'user', user._id, at)
    const next = sync.pull(user._id, cursor)
    expect(next.changes).toHaveLength(1)
    expect(next.cursor).toBeGreaterThan(cursor)
  })

  it('answers data as of its cursor, so a change another connection commits during the pull comes next time', async () => {
    const writer = openDatabase(join(dir, 'wings.db'))
    const users = createUsersRepo(db)
    let armed = false
    let wroteDuringPull = false
    const usersWithWriterMidPull: UsersRepo = {
      ...users,
      findById(id) {
        if (armed && !wroteDuringPull) {
          wroteDuringPull = true
          createTransact(writer)(() => {
            createUsersRepo(writer).update(id, { firstName: 'Later' }, new Date().toISOString())
            createChangesRepo(writer).record(id, 'user', id, new Date().toISOString())
          })
        }
        return users.findById(id)
      },
    }
    const { sync } = service({ users: usersWithWriterMidPull })
    await sync.push(
      { clientId: randomUUID(), ops: [anOp('profile.update', { firstName: 'Ria' })] },
      {
        user,
        client: '127.0.0.1',
        log: log(),
      },
    )

    armed = true
    const during = sync.pull(user._id, 0)
    expect(wroteDuringPull).toBe(true)
    expect(during.changes).toEqual([
      expect.objectContaining({ seq: during.cursor, data: expect.objectContaining({ firstName: 'Ria' }) }),
    ])
    const after = sync.pull(user._id, during.cursor)
    expect(after.cursor).toBeGreaterThan(during.cursor)
    expect(after.changes).toEqual([expect.objectContaining({ data: expect.objectContaining({ firstName: 'Later' }) })])
    writer.close()
  })
})
