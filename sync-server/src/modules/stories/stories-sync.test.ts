import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { freshApp } from '../../testing/fresh-app.ts'
import { anOp, type Cookies, opStatuses, pushOps } from '../../testing/sync-ops.ts'
import { signedIn, type TestApp, twoUsers } from '../../testing/test-app.ts'

let t: TestApp

const STORY = 'aaaaaaaaaaaaaaaaaaaaaaa1'
const DRAFT = 'bbbbbbbbbbbbbbbbbbbbbbb1'
const clientId = randomUUID()

const push = (ops: unknown[], cookies: Cookies = {}) => pushOps(t.app, ops, { cookies, clientId })
const get = (url: string, cookies: Cookies = {}) => t.app.inject({ url, cookies }).then((r) => r.json())

describe('story and draft ops on /api/sync/push', () => {
  it('applies every op type through the same rules as REST', async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const results = await push(
      [
        anOp('draft.save', { _id: DRAFT, title: 'Offline draft', content: 'Written on the train' }),
        anOp('draft.save', { _id: DRAFT, title: 'Offline draft v2', content: 'Written on the train' }),
        anOp('story.create', { _id: STORY, title: ' Published offline ', content: 'Body', draftId: DRAFT }),
        anOp('story.update', { _id: STORY, title: 'Edited offline', content: 'Body 2' }),
        anOp('story.like', { _id: STORY }),
        anOp('story.dislike', { _id: STORY }),
        anOp('story.undislike', { _id: STORY }),
        anOp('story.like', { _id: STORY }),
        anOp('story.unlike', { _id: STORY }),
        anOp('story.like', { _id: STORY }),
        anOp('story.view', { _id: STORY }),
        anOp('story.save', { _id: STORY }),
        anOp('draft.save', { _id: 'bbbbbbbbbbbbbbbbbbbbbbb2', title: 'Scrap', content: 'Scrap' }),
        anOp('draft.delete', { _id: 'bbbbbbbbbbbbbbbbbbbbbbb2' }),
      ],
      asha,
    )
    expect(results.every((r) => r.status === 'applied')).toBe(true)
    expect((await get(`/api/stories/${STORY}`)).story).toMatchObject({
      title: 'Edited offline',
      content: 'Body 2',
      likes: 1,
      dislikes: 0,
      views: 1,
    })
    expect((await get('/api/user/stories/drafts', asha)).drafts).toEqual([])
    expect((await get('/api/profile', asha)).data).toMatchObject({
      likedPosts: [STORY],
      dislikedPosts: [],
      savedPosts: [STORY],
    })

    expect(opStatuses(await push([anOp('story.unsave', { _id: STORY })], asha))).toEqual(['applied'])
    expect((await get('/api/user/stories/saved', asha)).savedPosts).toEqual([])
    expect(opStatuses(await push([anOp('story.report', { _id: STORY, reason: 'Spam' })], meera))).toEqual(['applied'])
    expect(opStatuses(await push([anOp('story.report', { _id: STORY, reason: 'Spam' })], meera))).toEqual(['CONFLICT'])
    expect(opStatuses(await push([anOp('story.delete', { _id: STORY })], asha))).toEqual(['applied'])
    expect((await t.app.inject({ url: `/api/stories/${STORY}` })).statusCode).toBe(404)
  })

  it('answers a repeated op "duplicate" and applies it once', async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    await push([anOp('story.create', { _id: STORY, title: 'T', content: 'C' })], asha)
    const like = anOp('story.like', { _id: STORY })
    expect(opStatuses(await push([like, like], meera))).toEqual(['applied', 'duplicate'])
    expect(opStatuses(await push([like], meera))).toEqual(['duplicate'])
    const many = Array.from({ length: 20 }, () => anOp('story.like', { _id: STORY }))
    expect(opStatuses(await push(many, meera)).every((s) => s === 'applied')).toBe(true)
    expect((await get(`/api/stories/${STORY}`)).story.likes).toBe(1)
    const create = anOp('story.create', { _id: 'aaaaaaaaaaaaaaaaaaaaaaa2', title: 'T', content: 'C' })
    await push([create], asha)
    expect(opStatuses(await push([create], asha))).toEqual(['duplicate'])
    expect((await get('/api/stories/all')).stories).toHaveLength(2)
  })

  it("rejects owner-only ops on another user's story or draft with FORBIDDEN, changing nothing", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    await push(
      [
        anOp('story.create', { _id: STORY, title: 'Mine', content: 'Mine' }),
        anOp('draft.save', { _id: DRAFT, title: 'Mine', content: 'Mine' }),
      ],
      asha,
    )
    const results = await push(
      [
        anOp('story.update', { _id: STORY, title: 'Hacked', content: 'Hacked' }),
        anOp('story.delete', { _id: STORY }),
        anOp('draft.save', { _id: DRAFT, title: 'Hacked', content: 'Hacked' }),
        anOp('draft.delete', { _id: DRAFT }),
        anOp('story.create', { _id: 'aaaaaaaaaaaaaaaaaaaaaaa3', title: 'x', content: 'y', draftId: DRAFT }),
      ],
      meera,
    )
    expect(results.map(({ code, message }) => ({ code, message }))).toEqual([
      { code: 'FORBIDDEN', message: 'You can only change your own posts' },
      { code: 'FORBIDDEN', message: 'You can only change your own posts' },
      { code: 'FORBIDDEN', message: 'You can only change your own drafts' },
      { code: 'FORBIDDEN', message: 'You can only change your own drafts' },
      { code: 'FORBIDDEN', message: 'You can only change your own drafts' },
    ])
    expect((await get(`/api/stories/${STORY}`)).story.title).toBe('Mine')
    expect((await get(`/api/user/stories/drafts/${DRAFT}`, asha)).draft.title).toBe('Mine')
    expect((await get('/api/stories/all')).stories).toHaveLength(1)
  })

  it('lets deleting win: an edit or like of a deleted story is NOT_FOUND', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const results = await push(
      [
        anOp('story.create', { _id: STORY, title: 'T', content: 'C' }),
        anOp('story.delete', { _id: STORY }),
        anOp('story.update', { _id: STORY, title: 'Too late', content: 'Too late' }),
        anOp('story.like', { _id: STORY }),
        anOp('story.save', { _id: STORY }),
        anOp('draft.delete', { _id: DRAFT }),
      ],
      asha,
    )
    expect(opStatuses(results)).toEqual(['applied', 'applied', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND'])
  })

  it('checks payloads like REST does, and needs ids for ops that create', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const results = await push(
      [
        anOp('story.create', { title: 'No id', content: 'C' }),
        anOp('story.create', { _id: STORY, title: '', content: 'C' }),
        anOp('story.like', { _id: 'nope' }),
        anOp('story.like', { _id: STORY, userId: STORY }),
        anOp('draft.save', { title: 'No id', content: 'C' }),
        anOp('story.report', { _id: STORY }),
      ],
      asha,
    )
    expect(results.map((r) => r.message)).toEqual([
      'Id is required',
      'Title is required',
      'Id must be 24 hexadecimal characters',
      'Unknown field: userId',
      'Id is required',
      'Reason is required',
    ])
    expect(opStatuses(results).every((s) => s === 'VALIDATION_ERROR')).toBe(true)
  })

  it('lets a guest count a view, but needs a session for the rest (401 for the whole batch)', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    await push([anOp('story.create', { _id: STORY, title: 'T', content: 'C' })], asha)
    expect(opStatuses(await push([anOp('story.view', { _id: STORY })]))).toEqual(['applied'])
    expect((await get(`/api/stories/${STORY}`)).story.views).toBe(1)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      payload: { clientId, ops: [anOp('story.view', { _id: STORY }), anOp('story.like', { _id: STORY })] },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe("a draft's 'Post anonymously' choice in ops", () => {
  it("is kept by 'draft.save', pulled with the draft, and published by 'story.create' with the draft", async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const draft = { _id: DRAFT, title: 'Written anonymously', content: 'On the train' }
    const results = await push(
      [
        anOp('draft.save', { ...draft, anonymous: true }),
        // A phone running a version older than the field saves the text again: the choice stays.
        anOp('draft.save', { ...draft, content: 'On the train, later' }),
      ],
      asha,
    )
    expect(opStatuses(results)).toEqual(['applied', 'applied'])
    expect((await get(`/api/user/stories/drafts/${DRAFT}`, asha)).draft).toMatchObject({ anonymous: true })
    const pulled = (await get('/api/sync/pull?since=0', asha)).changes
    expect(pulled).toContainEqual(
      expect.objectContaining({ entity: 'draft', id: DRAFT, data: expect.objectContaining({ anonymous: true }) }),
    )

    expect(
      opStatuses(await push([anOp('story.create', { _id: STORY, title: 'T', content: 'C', draftId: DRAFT })], asha)),
    ).toEqual(['applied'])
    const story = (await get(`/api/stories/${STORY}`)).story
    expect(story).toMatchObject({ anonymous: true, author: 'Anonymous' })
    expect(story).not.toHaveProperty('authorId')
    expect((await get('/api/user/stories/drafts', asha)).drafts).toEqual([])
  })

  it("rejects a 'draft.save' whose 'anonymous' is not true or false", async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const results = await push([anOp('draft.save', { _id: DRAFT, title: 'T', content: 'C', anonymous: 'yes' })], asha)
    expect(results).toEqual([expect.objectContaining({ status: 'rejected', code: 'VALIDATION_ERROR' })])
    expect((await get('/api/user/stories/drafts', asha)).drafts).toEqual([])
  })
})

describe('pulling stories, drafts and reaction lists', () => {
  it('brings own drafts and stories, the user with its lists, and deletions', async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    await push(
      [
        anOp('draft.save', { _id: DRAFT, title: 'Draft', content: 'D' }),
        anOp('story.create', { _id: STORY, title: 'Story', content: 'S', anonymous: true }),
        anOp('story.like', { _id: STORY }),
        anOp('story.save', { _id: STORY }),
      ],
      asha,
    )
    const ashaId = (await get('/api/profile', asha)).data._id
    const first = await get('/api/sync/pull?since=0', asha)
    const byEntity = Object.fromEntries(first.changes.map((c: { entity: string }) => [c.entity, c]))
    expect(first.changes).toHaveLength(3)
    expect(byEntity.draft).toMatchObject({
      id: DRAFT,
      deleted: false,
      data: { _id: DRAFT, title: 'Draft', content: 'D' },
    })
    expect(byEntity.story).toMatchObject({
      id: STORY,
      deleted: false,
      data: { _id: STORY, author: 'Anonymous', authorId: ashaId, anonymous: true },
    })
    expect(byEntity.user.data).toMatchObject({ likedPosts: [STORY], dislikedPosts: [], savedPosts: [STORY] })

    // Meera's likes show in her pull, not in Asha's; Asha's delete reaches both.
    await push([anOp('story.dislike', { _id: STORY }), anOp('story.save', { _id: STORY })], meera)
    const meeraFirst = await get('/api/sync/pull?since=0', meera)
    expect(meeraFirst.changes).toEqual([
      expect.objectContaining({
        entity: 'user',
        data: expect.objectContaining({ dislikedPosts: [STORY], savedPosts: [STORY] }),
      }),
    ])
    expect((await get(`/api/sync/pull?since=${first.cursor}`, asha)).changes).toEqual([])

    await push([anOp('story.delete', { _id: STORY }), anOp('draft.delete', { _id: DRAFT })], asha)
    const after = await get(`/api/sync/pull?since=${first.cursor}`, asha)
    expect(after.changes).toEqual([
      expect.objectContaining({ entity: 'story', id: STORY, deleted: true }),
      expect.objectContaining({ entity: 'user', data: expect.objectContaining({ likedPosts: [], savedPosts: [] }) }),
      expect.objectContaining({ entity: 'draft', id: DRAFT, deleted: true }),
    ])
    expect(after.changes[0]).not.toHaveProperty('data')
    const meeraAfter = await get(`/api/sync/pull?since=${meeraFirst.cursor}`, meera)
    expect(meeraAfter.changes).toEqual([
      expect.objectContaining({ entity: 'user', data: expect.objectContaining({ dislikedPosts: [], savedPosts: [] }) }),
    ])
  })

  it('shows REST writes too', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const { cursor } = await get('/api/sync/pull?since=0', asha)
    const draft = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/stories/savedraft',
        cookies: asha,
        payload: { title: 'T', content: 'C' },
      })
    ).json().draft
    const changes = (await get(`/api/sync/pull?since=${cursor}`, asha)).changes
    expect(changes).toEqual([expect.objectContaining({ entity: 'draft', id: draft._id, data: draft })])
  })
})
