import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/connection.ts'
import { migrate, readMigrations } from '../../db/migrate.ts'
import { expectInvalid } from '../../testing/answers.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import { readDatabase, type SendArgs, send, signedIn, type TestApp, twoUsers } from '../../testing/test-app.ts'
import { insertUserRow } from '../../testing/user-rows.ts'
import { createDraftsRepo } from './repo.ts'

let t: TestApp

type Cookies = Record<string, string>
const UNKNOWN = 'abcdefabcdefabcdefabcdef'
const signedOut = { success: false, message: 'Please log in to continue', code: 'UNAUTHENTICATED' }
const forbidden = { success: false, message: 'You can only change your own drafts', code: 'FORBIDDEN' }

const call = (...request: SendArgs) => send(t.app, ...request)

async function newDraft(cookies: Cookies, body: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/user/stories/savedraft', cookies, {
    title: 'Unfinished',
    content: 'So far',
    ...body,
  })
  expect(res.statusCode).toBe(201)
  return res.json().draft as { _id: string; title: string; content: string; updatedAt: string; anonymous: boolean }
}

const count = (table: string) => {
  return readDatabase(t.dbFile, (db) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get())
}

describe('saving drafts', () => {
  it("creates with SAVE DRAFT ('Draft saved!') and updates from the draft editor ('Draft saved successfully!')", async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const created = await call('POST', '/api/user/stories/savedraft', cookies, {
      title: ' Unfinished ',
      content: ' So far ',
    })
    expect(created.statusCode).toBe(201)
    const { draft } = created.json()
    expect(created.json()).toEqual({
      success: true,
      message: 'Draft saved!',
      draft: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        title: 'Unfinished',
        content: 'So far',
        updatedAt: expect.any(String),
        anonymous: false,
      },
    })
    const updated = await call('POST', '/api/user/stories/drafts/save', cookies, {
      _id: draft._id,
      title: 'Done',
      content: 'All of it',
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({
      success: true,
      message: 'Draft saved successfully!',
      draft: { _id: draft._id, title: 'Done' },
    })
    const fresh = await call('POST', '/api/user/stories/drafts/save', cookies, { title: 'Second', content: 'Another' })
    expect(fresh.statusCode).toBe(201)
    const clientMade = await newDraft(cookies, { _id: 'bbbbbbbbbbbbbbbbbbbbbbb1' })
    expect(clientMade._id).toBe('bbbbbbbbbbbbbbbbbbbbbbb1')

    const list = (await call('GET', '/api/user/stories/drafts', cookies)).json()
    expect(list.success).toBe(true)
    expect(list.drafts.map((d: { _id: string }) => d._id).sort()).toEqual(
      [draft._id, fresh.json().draft._id, clientMade._id].sort(),
    )
    expect((await call('GET', `/api/user/stories/drafts/${draft._id}`, cookies)).json()).toEqual({
      success: true,
      draft: { _id: draft._id, title: 'Done', content: 'All of it', updatedAt: expect.any(String), anonymous: false },
    })
  })

  it.each([
    ['no title', { content: 'x' }, 'Title is required'],
    ['a blank content', { title: 'x', content: '  ' }, 'Content is required'],
    ['a long title', { title: 't'.repeat(151), content: 'x' }, 'Title must be at most 150 characters'],
    ['a bad id', { _id: 'draft-1', title: 'x', content: 'x' }, 'Id must be 24 hexadecimal characters'],
    ['an extra field', { title: 'x', content: 'x', userId: UNKNOWN }, 'Unknown field: userId'],
  ])('refuses %s with 400', async (_case, body, message) => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    for (const path of ['savedraft', 'drafts/save']) {
      expectInvalid(await call('POST', `/api/user/stories/${path}`, cookies, body), message)
    }
    expect(count('drafts')).toBe(0)
  })
})

describe("a draft's 'Post anonymously' choice", () => {
  const draftOf = async (cookies: Cookies, id: string) =>
    (await call('GET', `/api/user/stories/drafts/${id}`, cookies)).json().draft

  it('is kept by both save routes, answered in the draft and the list, and kept by a save that leaves it out', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const draft = await newDraft(cookies, { anonymous: true })
    expect(draft.anonymous).toBe(true)
    expect(await draftOf(cookies, draft._id)).toMatchObject({ anonymous: true })
    expect((await call('GET', '/api/user/stories/drafts', cookies)).json().drafts).toEqual([
      expect.objectContaining({ _id: draft._id, anonymous: true }),
    ])
    // A client older than the field edits the text: the draft stays anonymous.
    const edited = await call('POST', '/api/user/stories/drafts/save', cookies, {
      _id: draft._id,
      title: 'Edited',
      content: 'Edited',
    })
    expect(edited.json().draft).toMatchObject({ title: 'Edited', anonymous: true })
    const cleared = await call('POST', '/api/user/stories/drafts/save', cookies, {
      _id: draft._id,
      title: 'Edited',
      content: 'Edited',
      anonymous: false,
    })
    expect(cleared.statusCode).toBe(200)
    expect(await draftOf(cookies, draft._id)).toMatchObject({ anonymous: false })
    await call('POST', '/api/user/stories/savedraft', cookies, {
      _id: draft._id,
      title: 'x',
      content: 'y',
      anonymous: true,
    })
    expect(await draftOf(cookies, draft._id)).toMatchObject({ anonymous: true })
    expect(readDatabase(t.dbFile, (db) => db.prepare('SELECT anonymous FROM drafts').pluck().all())).toEqual([1])
  })

  it('reads as not anonymous for a draft saved without it, or saved before drafts kept it', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    expect((await newDraft(cookies)).anonymous).toBe(false)

    const dir = mkdtempSync(join(tmpdir(), 'wings-drafts-'))
    const db = openDatabase(join(dir, 'wings.db'))
    try {
      const before = join(dir, 'before')
      const all = fileURLToPath(new URL('../../db/migrations/', import.meta.url))
      mkdirSync(before)
      for (const { name } of readMigrations().filter((m) => m.name < '012'))
        copyFileSync(join(all, name), join(before, name))
      migrate(db, before)
      const at = new Date().toISOString()
      insertUserRow(db, { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', at })
      db.prepare(
        "INSERT INTO drafts VALUES ('bbbbbbbbbbbbbbbbbbbbbbbb', 'aaaaaaaaaaaaaaaaaaaaaaaa', 'Old', 'Old', ?, ?)",
      ).run(at, at)
      migrate(db)
      expect(createDraftsRepo(db).find('bbbbbbbbbbbbbbbbbbbbbbbb')).toMatchObject({ title: 'Old', anonymous: false })
    } finally {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("refuses an 'anonymous' that is not true or false", async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const res = await call('POST', '/api/user/stories/savedraft', cookies, {
      title: 'x',
      content: 'y',
      anonymous: 'yes',
    })
    expectInvalid(res, 'anonymous must be true or false')
    expect(count('drafts')).toBe(0)
  })

  it('publishing an anonymous draft posts it anonymously unless the post says otherwise', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const publish = async (body: Record<string, unknown>) => {
      const draft = await newDraft(cookies, { anonymous: true })
      const res = await call('POST', '/api/user/stories/create', cookies, {
        title: 'T',
        content: 'C',
        draftId: draft._id,
        ...body,
      })
      expect(res.statusCode).toBe(201)
      return (await call('GET', `/api/stories/${res.json().story._id}`)).json().story
    }
    const kept = await publish({})
    expect(kept).toMatchObject({ anonymous: true, author: 'Anonymous' })
    expect(kept).not.toHaveProperty('authorId')
    expect(await publish({ anonymous: false })).toMatchObject({ anonymous: false, author: 'Asha Rao' })
    expect(await publish({ anonymous: true })).toMatchObject({ anonymous: true, author: 'Anonymous' })
  })
})

describe("another user's drafts", () => {
  it('cannot be read, saved over or deleted (403); unknown ones are 404; guests get 401', async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const draft = await newDraft(asha)
    const body = { _id: draft._id, title: 'Mine now', content: 'Mine now' }
    for (const res of [
      await call('GET', `/api/user/stories/drafts/${draft._id}`, meera),
      await call('POST', '/api/user/stories/drafts/save', meera, body),
      await call('POST', '/api/user/stories/savedraft', meera, body),
      await call('DELETE', `/api/user/stories/drafts/${draft._id}`, meera),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual(forbidden)
    }
    expect((await call('GET', '/api/user/stories/drafts', meera)).json().drafts).toEqual([])
    expect((await call('GET', `/api/user/stories/drafts/${UNKNOWN}`, asha)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/user/stories/drafts/${UNKNOWN}`, asha)).json()).toEqual({
      success: false,
      message: 'Draft not found',
      code: 'NOT_FOUND',
    })
    expect((await call('GET', '/api/user/stories/drafts/nope', asha)).statusCode).toBe(400)
    for (const res of [
      await call('GET', '/api/user/stories/drafts'),
      await call('GET', `/api/user/stories/drafts/${draft._id}`),
      await call('POST', '/api/user/stories/savedraft', {}, body),
      await call('POST', '/api/user/stories/drafts/save', {}, body),
      await call('DELETE', `/api/user/stories/drafts/${draft._id}`),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(signedOut)
    }
    expect((await call('GET', `/api/user/stories/drafts/${draft._id}`, asha)).json().draft.title).toBe('Unfinished')
  })
})

describe('deleting and publishing drafts', () => {
  it('deletes the caller’s draft', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const draft = await newDraft(cookies)
    const res = await call('DELETE', `/api/user/stories/drafts/${draft._id}`, cookies)
    expect(res.json()).toEqual({ success: true, message: 'Draft deleted' })
    expect((await call('GET', `/api/user/stories/drafts/${draft._id}`, cookies)).statusCode).toBe(404)
  })

  it('publishing a draft removes it in the same step', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const draft = await newDraft(cookies)
    const res = await call('POST', '/api/user/stories/create', cookies, {
      title: draft.title,
      content: draft.content,
      draftId: draft._id,
    })
    expect(res.statusCode).toBe(201)
    expect((await call('GET', '/api/user/stories/drafts', cookies)).json().drafts).toEqual([])
    expect((await call('GET', '/api/stories/all')).json().stories).toHaveLength(1)
    // A draft already gone (published from another device) does not stop the post.
    const again = await call('POST', '/api/user/stories/create', cookies, {
      title: 'x',
      content: 'y',
      draftId: draft._id,
    })
    expect(again.statusCode).toBe(201)
  })

  it("refuses to publish with another user's draft and changes nothing", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const draft = await newDraft(asha)
    const res = await call('POST', '/api/user/stories/create', meera, { title: 'x', content: 'y', draftId: draft._id })
    expect(res.statusCode).toBe(403)
    expect(count('stories')).toBe(0)
    expect(count('drafts')).toBe(1)
  })
})
