import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { expectInvalid } from '../../testing/answers.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import {
  MEERA,
  type SendArgs,
  send,
  signedIn,
  type TestApp,
  twoUsers,
  unlimitedRateLimits,
  validSignup,
  withRateLimit,
} from '../../testing/test-app.ts'

let t: TestApp

type Cookies = Record<string, string>
const RIA = { email: 'ria@example.in', password: validSignup.password }
const TARA = { email: 'tara@example.in', password: validSignup.password }
const signedOut = { success: false, message: 'Please log in to continue', code: 'UNAUTHENTICATED' }
const XSS = '<script>alert(1)</script><img src=x onerror=alert(1)>'
const UNKNOWN = 'abcdefabcdefabcdefabcdef'

const call = (...request: SendArgs) => send(t.app, ...request)
const get = (url: string, cookies: Cookies = {}) => call('GET', url, cookies)

async function publish(cookies: Cookies, body: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/user/stories/create', cookies, {
    title: 'Walking home after dark',
    content: 'I took the lit road by the station.',
    ...body,
  })
  expect(res.statusCode).toBe(201)
  return res.json().story as { _id: string; createdAt: string; [key: string]: unknown }
}

const userIdOf = async (cookies: Cookies): Promise<string> => (await get('/api/profile', cookies)).json().data._id
const profileOf = async (cookies: Cookies) => (await get('/api/profile', cookies)).json().data

/** Reads (or, for a statement without rows, runs) SQL on the test database directly. */
function sql<T>(query: string, ...params: unknown[]): T[] {
  const db = new Database(t.dbFile)
  try {
    const statement = db.prepare(query)
    if (statement.reader) return statement.all(...params) as T[]
    statement.run(...params)
    return []
  } finally {
    db.close()
  }
}

describe('POST /api/user/stories/create', () => {
  it('publishes a trimmed story that the feed, its page and its author list show', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const userId = await userIdOf(cookies)
    const res = await call('POST', '/api/user/stories/create', cookies, {
      title: '  Walking home  ',
      content: '\n Line one\nLine two \n',
    })
    expect(res.statusCode).toBe(201)
    const { story, ...rest } = res.json()
    expect(rest).toEqual({ success: true, message: 'Post published successfully!' })
    expect(story).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      title: 'Walking home',
      content: 'Line one\nLine two',
      author: 'Asha Rao',
      authorId: userId,
      anonymous: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      likes: 0,
      dislikes: 0,
      views: 0,
    })
    expect((await get(`/api/stories/${story._id}`)).json()).toEqual({ success: true, story })
    expect((await get('/api/stories/all')).json().stories).toEqual([story])
    expect((await get(`/api/${userId}/stories`)).json()).toEqual({ success: true, stories: [story] })
  })

  it('stores markup as text and returns it exactly', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const story = await publish(cookies, { title: XSS, content: `${XSS}\n<b>bold</b> & "quotes"` })
    const read = (await get(`/api/stories/${story._id}`)).json().story
    expect(read.title).toBe(XSS)
    expect(read.content).toBe(`${XSS}\n<b>bold</b> & "quotes"`)
    expect((await get('/api/stories/all')).body).toContain(JSON.stringify(XSS).slice(1, -1))
  })

  it('takes the largest title and content, and the client id of an offline-made story', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const _id = 'aaaaaaaaaaaaaaaaaaaaaaa1'
    const story = await publish(cookies, { _id, title: 't'.repeat(150), content: 'c'.repeat(20_000) })
    expect(story._id).toBe(_id)
    const again = await call('POST', '/api/user/stories/create', cookies, { _id, title: 'Again', content: 'Again' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ success: false, message: 'A post with this id already exists', code: 'CONFLICT' })
  })

  it.each([
    ['no title', { content: 'x' }, 'Title is required'],
    ['an empty title', { title: '', content: 'x' }, 'Title is required'],
    ['a blank title', { title: '   ', content: 'x' }, 'Title is required'],
    ['a 151-character title', { title: 't'.repeat(151), content: 'x' }, 'Title must be at most 150 characters'],
    ['no content', { title: 'x' }, 'Content is required'],
    ['blank content', { title: 'x', content: ' \n ' }, 'Content is required'],
    ['20,001 characters', { title: 'x', content: 'c'.repeat(20_001) }, 'Content must be at most 20000 characters'],
    ['anonymous "yes"', { title: 'x', content: 'x', anonymous: 'yes' }, 'anonymous must be true or false'],
    ['a malformed _id', { title: 'x', content: 'x', _id: 'nope' }, 'Id must be 24 hexadecimal characters'],
    ['an author field', { title: 'x', content: 'x', author: 'Someone else' }, 'Unknown field: author'],
    ['a number as title', { title: 42, content: 'x' }, 'Title must be string'],
  ])('refuses %s with 400', async (_case, body, message) => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const res = await call('POST', '/api/user/stories/create', cookies, body)
    expectInvalid(res, expect.any(String))
    if (!message.endsWith('string')) expect(res.json().message).toBe(message)
    expect(sql('SELECT id FROM stories')).toEqual([])
  })

  it('answers 401 when signed out', async () => {
    t = await freshApp()
    const res = await call('POST', '/api/user/stories/create', {}, { title: 'x', content: 'y' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(signedOut)
  })
})

describe('anonymous stories', () => {
  it("say 'Anonymous', hide authorId from everyone but the author, and stay off the author's public list", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const ashaId = await userIdOf(asha)
    const story = await publish(asha, { anonymous: true })
    expect(story).toMatchObject({ author: 'Anonymous', anonymous: true, authorId: ashaId })
    for (const cookies of [{}, meera]) {
      const read = (await get(`/api/stories/${story._id}`, cookies)).json().story
      expect(read.author).toBe('Anonymous')
      expect(read).not.toHaveProperty('authorId')
      for (const url of ['/api/stories/all', '/api/stories/recent', '/api/stories/trending']) {
        expect((await get(url, cookies)).body).not.toContain(ashaId)
      }
      expect((await get(`/api/${ashaId}/stories`, cookies)).json().stories).toEqual([])
    }
    const mine = (await get(`/api/${ashaId}/stories`, asha)).json().stories
    expect(mine).toEqual([expect.objectContaining({ _id: story._id, authorId: ashaId, author: 'Anonymous' })])
    expect((await get(`/api/stories/${story._id}`, asha)).json().story.authorId).toBe(ashaId)
  })
})

describe('GET /api/stories/all', () => {
  async function seed(count: number) {
    const cookies = await signedIn(t.app)
    for (let i = 0; i < count; i++) await publish(cookies, { title: `Story ${i}` })
    // Distinct times, so "newest first" is checkable.
    const db = new Database(t.dbFile)
    const rows = db.prepare('SELECT id FROM stories ORDER BY rowid').pluck().all() as string[]
    rows.forEach((id, i) => {
      db.prepare('UPDATE stories SET created_at = ? WHERE id = ?').run(
        new Date(Date.UTC(2025, 0, 1, i)).toISOString(),
        id,
      )
    })
    db.close()
    return cookies
  }

  it('pages newest first, five by default, and answers an empty page beyond the last', async () => {
    t = await freshApp()
    await seed(7)
    const first = (await get('/api/stories/all?page=1&limit=5')).json()
    expect(first).toMatchObject({ success: true, currentPage: 1, totalPages: 2 })
    expect(sql('SELECT visible FROM story_stats')).toEqual([{ visible: 7 }])
    expect(first.stories.map((s: { title: string }) => s.title)).toEqual([6, 5, 4, 3, 2].map((i) => `Story ${i}`))
    expect((await get('/api/stories/all')).json()).toEqual(first)
    const second = (await get('/api/stories/all?page=2&limit=5')).json()
    expect(second).toMatchObject({ currentPage: 2, totalPages: 2 })
    expect(second.stories.map((s: { title: string }) => s.title)).toEqual(['Story 1', 'Story 0'])
    expect((await get('/api/stories/all?page=3&limit=5')).json()).toEqual({
      success: true,
      stories: [],
      currentPage: 3,
      totalPages: 2,
    })
    expect((await get('/api/stories/all?page=999999999&limit=50')).json()).toMatchObject({
      stories: [],
      totalPages: 1,
    })
    expect((await get('/api/stories/all?page=7&limit=1')).json().stories[0].title).toBe('Story 0')
  })

  it('answers page 1 of 1 with no stories on an empty blog', async () => {
    t = await freshApp()
    expect((await get('/api/stories/all?page=1&limit=5')).json()).toEqual({
      success: true,
      stories: [],
      currentPage: 1,
      totalPages: 1,
    })
  })

  it.each([
    ['page=0', 'page must be a whole number of 1 or more'],
    ['page=-1', 'page must be a whole number of 1 or more'],
    ['page=1.5', 'page must be a whole number of 1 or more'],
    ['page=abc', 'page must be a whole number of 1 or more'],
    ['page=', 'page must be a whole number of 1 or more'],
    ['page=1e2', 'page must be a whole number of 1 or more'],
    ['page=01', 'page must be a whole number of 1 or more'],
    ['page=1&page=2', 'page must be a whole number of 1 or more'],
    ['limit=0', 'limit must be a whole number from 1 to 50'],
    ['limit=51', 'limit must be a whole number from 1 to 50'],
    ['limit=five', 'limit must be a whole number from 1 to 50'],
    ['limit=5.0', 'limit must be a whole number from 1 to 50'],
    ['page=1&sort=likes', 'Unknown field: sort'],
  ])('refuses ?%s with 400', async (query, message) => {
    t = await freshApp()
    expectInvalid(await get(`/api/stories/all?${query}`), message)
  })
})

describe('the sidebar lists', () => {
  it('answer five each: most liked, most viewed, recent and trending, without hidden stories', async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const ids: string[] = []
    for (let i = 0; i < 7; i++) ids.push((await publish(asha, { title: `Story ${i}` }))._id)
    await call('PATCH', `/api/stories/${ids[2]}/like/increment`, asha)
    await call('PATCH', `/api/stories/${ids[2]}/like/increment`, meera)
    await call('PATCH', `/api/stories/${ids[4]}/like/increment`, meera)
    await call('PATCH', `/api/stories/${ids[0]}/viewed`, asha)
    await call('PATCH', `/api/stories/${ids[0]}/viewed`, meera)
    await call('PATCH', `/api/stories/${ids[0]}/viewed`)
    await call('PATCH', `/api/stories/${ids[5]}/viewed`)

    const mostLiked = (await get('/api/stories/mostliked')).json()
    expect(Object.keys(mostLiked)).toEqual(['success', 'mostLikedStories'])
    expect(mostLiked.mostLikedStories).toHaveLength(5)
    expect(mostLiked.mostLikedStories.slice(0, 2).map((s: { _id: string }) => s._id)).toEqual([ids[2], ids[4]])
    const mostViewed = (await get('/api/stories/mostviewed')).json().mostViewedStories
    expect(mostViewed.slice(0, 2).map((s: { _id: string; views: number }) => [s._id, s.views])).toEqual([
      [ids[0], 3],
      [ids[5], 1],
    ])
    const recent = (await get('/api/stories/recent')).json().recentStories
    expect(recent).toHaveLength(5)
    expect(new Set(recent.map((s: { _id: string }) => s._id))).not.toContain(ids[0])
    const trending = (await get('/api/stories/trending')).json().trendingStories
    expect(trending).toHaveLength(5)
    // Just published, so engagement decides: 2 likes (7) beats 3 views (4) beats 1 like (4, newer wins ties).
    expect(trending[0]._id).toBe(ids[2])

    sql('UPDATE stories SET hidden = 1 WHERE id = ?', ids[2])
    sql('UPDATE story_stats SET visible = visible - 1')
    for (const [url, key] of [
      ['/api/stories/mostliked', 'mostLikedStories'],
      ['/api/stories/trending', 'trendingStories'],
      ['/api/stories/all?limit=50', 'stories'],
    ] as const) {
      expect((await get(url)).json()[key].map((s: { _id: string }) => s._id)).not.toContain(ids[2])
    }
  })

  it('rank trending by engagement decayed by age', async () => {
    const { trendingScore } = await import('./service.ts')
    const now = Date.parse('2025-03-05T10:00:00Z')
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString()
    const fresh = trendingScore({ likes: 0, saves: 0, views: 0, createdAt: hoursAgo(0) }, now)
    expect(fresh).toBeCloseTo(1 / 2 ** 1.5)
    const popularButOld = trendingScore({ likes: 10, saves: 2, views: 40, createdAt: hoursAgo(48) }, now)
    const modestButNew = trendingScore({ likes: 2, saves: 0, views: 5, createdAt: hoursAgo(1) }, now)
    expect(popularButOld).toBeCloseTo(79 / 50 ** 1.5)
    expect(modestButNew).toBeGreaterThan(popularButOld)
  })
})

describe('GET /api/stories/:id', () => {
  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    t = await freshApp()
    const bad = await get('/api/stories/not-an-id')
    expectInvalid(bad, 'Id must be 24 hexadecimal characters')
    const unknown = await get(`/api/stories/${UNKNOWN}`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ success: false, message: 'Post not found', code: 'NOT_FOUND' })
  })
})

describe('PUT and DELETE /api/stories/:id', () => {
  it('lets the author edit, trimmed', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const story = await publish(cookies)
    const res = await call('PUT', `/api/stories/${story._id}`, cookies, {
      title: ' New title ',
      content: ' New\ntext ',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      message: 'Post updated successfully!',
      story: { ...story, title: 'New title', content: 'New\ntext' },
    })
    expect((await get(`/api/stories/${story._id}`)).json().story.title).toBe('New title')
  })

  it('refuses others with 403, guests with 401, unknown stories with 404 and bad bodies with 400', async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const story = await publish(asha)
    const body = { title: 'Hacked', content: 'Hacked' }
    const forbidden = { success: false, message: 'You can only change your own posts', code: 'FORBIDDEN' }
    expect((await call('PUT', `/api/stories/${story._id}`, meera, body)).json()).toEqual(forbidden)
    expect((await call('PUT', `/api/stories/${story._id}`, meera, body)).statusCode).toBe(403)
    expect((await call('DELETE', `/api/stories/${story._id}`, meera)).statusCode).toBe(403)
    expect((await call('PUT', `/api/stories/${story._id}`, {}, body)).json()).toEqual(signedOut)
    expect((await call('DELETE', `/api/stories/${story._id}`)).statusCode).toBe(401)
    expect((await call('PUT', `/api/stories/${UNKNOWN}`, asha, body)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/stories/${UNKNOWN}`, asha)).statusCode).toBe(404)
    expect((await call('PUT', '/api/stories/123', asha, body)).statusCode).toBe(400)
    expect((await call('PUT', `/api/stories/${story._id}`, asha, { title: 'Only title' })).json().message).toBe(
      'Content is required',
    )
    expect((await get(`/api/stories/${story._id}`)).json().story.title).toBe(story.title)
  })

  it("deletes with everything hanging on it, taking it off readers' lists", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const story = await publish(asha)
    await call('PATCH', `/api/stories/${story._id}/like/increment`, meera)
    await call('POST', `/api/user/stories/${story._id}/save`, meera)
    await call('PATCH', `/api/stories/${story._id}/viewed`, meera)
    const res = await call('DELETE', `/api/stories/${story._id}`, asha)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'Post deleted successfully' })
    expect((await get(`/api/stories/${story._id}`)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/stories/${story._id}`, asha)).statusCode).toBe(404)
    expect(await profileOf(meera)).toMatchObject({ likedPosts: [], savedPosts: [] })
    for (const table of ['story_reactions', 'saved_stories', 'story_views'])
      expect(sql(`SELECT * FROM ${table}`)).toEqual([])
    expect(sql('SELECT visible FROM story_stats')).toEqual([{ visible: 0 }])
  })
})

describe('likes and dislikes', () => {
  const react = (id: string, path: string, cookies: Cookies) => call('PATCH', `/api/stories/${id}/${path}`, cookies)

  it('keeps one reaction per user: repeating changes nothing, and liking undoes a dislike and the reverse', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const { _id } = await publish(asha)
    const state = async (path: string) => {
      const res = await react(_id, path, asha)
      expect(res.statusCode).toBe(200)
      return res.json()
    }
    expect(await state('like/increment')).toEqual({
      success: true,
      likes: 1,
      dislikes: 0,
      liked: true,
      disliked: false,
    })
    expect(await state('like/increment')).toMatchObject({ likes: 1, dislikes: 0 })
    expect(await profileOf(asha)).toMatchObject({ likedPosts: [_id], dislikedPosts: [] })
    expect(await state('dislike/increment')).toEqual({
      success: true,
      likes: 0,
      dislikes: 1,
      liked: false,
      disliked: true,
    })
    expect(await profileOf(asha)).toMatchObject({ likedPosts: [], dislikedPosts: [_id] })
    expect(await state('like/decrement')).toMatchObject({ likes: 0, dislikes: 1, disliked: true })
    expect(await state('like/increment')).toMatchObject({ likes: 1, dislikes: 0, liked: true })
    expect(await state('like/decrement')).toMatchObject({ likes: 0, dislikes: 0, liked: false })
    expect(await state('like/decrement')).toMatchObject({ likes: 0, dislikes: 0 })
    expect(await state('dislike/decrement')).toMatchObject({ likes: 0, dislikes: 0 })
    expect(await profileOf(asha)).toMatchObject({ likedPosts: [], dislikedPosts: [] })
    expect((await get(`/api/stories/${_id}`)).json().story).toMatchObject({ likes: 0, dislikes: 0 })
  })

  it('counts 20 parallel likes from one user once, and parallel decrements never go below 0', async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const { _id } = await publish(asha)
    const burst = (path: string, cookies: Cookies, n = 20) =>
      Promise.all(Array.from({ length: n }, () => react(_id, path, cookies)))
    expect((await burst('like/increment', asha)).every((r) => r.statusCode === 200)).toBe(true)
    expect((await get(`/api/stories/${_id}`)).json().story.likes).toBe(1)
    await Promise.all([burst('like/increment', meera, 10), burst('dislike/increment', meera, 10)])
    const mixed = (await get(`/api/stories/${_id}`)).json().story
    expect(mixed.likes + mixed.dislikes).toBe(2)
    await Promise.all([
      burst('like/decrement', asha),
      burst('like/decrement', meera),
      burst('dislike/decrement', meera),
    ])
    expect((await get(`/api/stories/${_id}`)).json().story).toMatchObject({ likes: 0, dislikes: 0 })
    expect(sql('SELECT * FROM story_reactions')).toEqual([])
  })

  it('needs a session (401), a known story (404) and a well-formed id (400)', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const { _id } = await publish(asha)
    for (const path of ['like/increment', 'like/decrement', 'dislike/increment', 'dislike/decrement']) {
      const guest = await react(_id, path, {})
      expect(guest.statusCode).toBe(401)
      expect(guest.json()).toEqual(signedOut)
      expect((await react(UNKNOWN, path, asha)).statusCode).toBe(404)
      expect((await react('xyz', path, asha)).statusCode).toBe(400)
    }
  })
})

describe('PATCH /api/stories/:id/viewed', () => {
  it('counts each viewer once a day: users by account, guests by a daily hash of IP and browser', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const { _id } = await publish(asha)
    const view = (cookies: Cookies = {}, remoteAddress = '10.0.0.1', agent = 'Firefox') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/stories/${_id}/viewed`,
        cookies,
        remoteAddress,
        headers: { 'user-agent': agent },
      })
    expect((await view()).json()).toEqual({ success: true, views: 1, counted: true })
    expect((await view()).json()).toEqual({ success: true, views: 1, counted: false })
    expect((await view({}, '10.0.0.2')).json()).toMatchObject({ views: 2, counted: true })
    expect((await view({}, '10.0.0.1', 'Chrome')).json()).toMatchObject({ views: 3, counted: true })
    expect((await view(asha)).json()).toMatchObject({ views: 4, counted: true })
    expect((await view(asha, '10.9.9.9', 'Other')).json()).toMatchObject({ views: 4, counted: false })
    const keys = sql<{ viewer_key: string }>('SELECT viewer_key FROM story_views').map((r) => r.viewer_key)
    expect(keys).toHaveLength(4)
    expect(keys.join()).not.toMatch(/10\.0\.0|Firefox|Chrome/)
    // The next day the same viewer counts again.
    sql("UPDATE story_views SET day = '2000-01-01'")
    expect((await view()).json()).toMatchObject({ views: 5, counted: true })
    expect((await get(`/api/stories/${_id}`)).json().story.views).toBe(5)
  })

  it('answers 404 for an unknown story and 400 for a bad id', async () => {
    t = await freshApp()
    expect((await call('PATCH', `/api/stories/${UNKNOWN}/viewed`)).statusCode).toBe(404)
    expect((await call('PATCH', '/api/stories/nope/viewed')).statusCode).toBe(400)
  })
})

describe('saving stories', () => {
  it('saves and unsaves as set membership, listing saved posts newest first', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const first = await publish(asha, { title: 'First' })
    const second = await publish(asha, { title: 'Second' })
    const save = await call('POST', `/api/user/stories/${first._id}/save`, asha)
    expect(save.statusCode).toBe(200)
    expect(save.json()).toEqual({ success: true, message: 'Post saved', saved: true })
    await call('POST', `/api/user/stories/${first._id}/save`, asha)
    sql("UPDATE saved_stories SET saved_at = '2000-01-01T00:00:00.000Z'")
    await call('POST', `/api/user/stories/${second._id}/save`, asha)
    expect((await get('/api/user/stories/saved', asha)).json()).toEqual({
      success: true,
      savedPosts: [
        { _id: second._id, title: 'Second' },
        { _id: first._id, title: 'First' },
      ],
    })
    expect((await profileOf(asha)).savedPosts).toEqual([second._id, first._id])
    const unsave = await call('POST', `/api/user/stories/${first._id}/unsave`, asha)
    expect(unsave.json()).toEqual({ success: true, message: 'Post unsaved', saved: false })
    expect((await call('POST', `/api/user/stories/${first._id}/unsave`, asha)).statusCode).toBe(200)
    expect((await get('/api/user/stories/saved', asha)).json().savedPosts).toEqual([
      { _id: second._id, title: 'Second' },
    ])
    expect(sql('SELECT id, saves FROM stories ORDER BY title')).toEqual([
      { id: first._id, saves: 0 },
      { id: second._id, saves: 1 },
    ])
  })

  it('needs a session and a known story', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const { _id } = await publish(asha)
    expect((await call('POST', `/api/user/stories/${_id}/save`)).statusCode).toBe(401)
    expect((await call('POST', `/api/user/stories/${_id}/unsave`)).statusCode).toBe(401)
    expect((await get('/api/user/stories/saved')).statusCode).toBe(401)
    expect((await call('POST', `/api/user/stories/${UNKNOWN}/save`, asha)).statusCode).toBe(404)
    expect((await call('POST', `/api/user/stories/${UNKNOWN}/unsave`, asha)).statusCode).toBe(404)
    expect((await call('POST', '/api/user/stories/zzz/save', asha)).statusCode).toBe(400)
  })
})

describe('POST /api/stories/:id/report', () => {
  const report = (id: string, cookies: Cookies, reason: unknown = 'Names a real person') =>
    call('POST', `/api/stories/${id}/report`, cookies, { reason })
  /** Makes the accounts of these e-mails `days` old, as if they had signed up then. */
  const ageAccounts = (days: number, ...emails: string[]) => {
    const createdAt = new Date(Date.now() - days * 86_400_000).toISOString()
    for (const email of emails) sql('UPDATE users SET created_at = ? WHERE email = ?', createdAt, email)
  }
  const accounts = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.in`, password: validSignup.password }))

  it('puts a story reported by three established accounts in review: out of every list, kept, and hers to see', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const ashaId = await userIdOf(asha)
    const reporters = [await signedIn(t.app, MEERA), await signedIn(t.app, RIA), await signedIn(t.app, TARA)]
    ageAccounts(30, MEERA.email, RIA.email, TARA.email)
    const { _id } = await publish(asha)
    const { cursor } = (await get('/api/sync/pull?since=0', asha)).json()
    const first = await report(_id, reporters[0] as Cookies)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ success: true, message: 'Thank you. This post has been reported for review.' })
    const again = await report(_id, reporters[0] as Cookies, 'Again')
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ success: false, message: 'You have already reported this post', code: 'CONFLICT' })
    await report(_id, reporters[1] as Cookies)
    expect((await get(`/api/stories/${_id}`)).statusCode).toBe(200)
    expect((await report(_id, reporters[2] as Cookies)).json()).toEqual(first.json())
    expect((await get(`/api/stories/${_id}`)).statusCode).toBe(404)
    expect((await get(`/api/stories/${_id}`, reporters[0])).statusCode).toBe(404)
    expect((await get('/api/stories/all')).json()).toMatchObject({ stories: [], totalPages: 1 })
    for (const list of ['recent', 'trending', 'mostliked', 'mostviewed']) {
      expect((await get(`/api/stories/${list}`)).body).not.toContain(_id)
    }
    expect((await get(`/api/${ashaId}/stories`)).json().stories).toEqual([])
    // In review, not gone: she still reads it, told that it is under review, and nothing about who reported it.
    const hers = (await get(`/api/stories/${_id}`, asha)).json().story
    expect(hers).toMatchObject({ _id, underReview: true })
    expect(Object.keys(hers).sort()).toEqual([
      '_id',
      'anonymous',
      'author',
      'authorId',
      'content',
      'createdAt',
      'dislikes',
      'likes',
      'title',
      'underReview',
      'views',
    ])
    expect((await get(`/api/${ashaId}/stories`, asha)).json().stories).toEqual([hers])
    const pulled = (await get(`/api/sync/pull?since=${cursor}`, asha)).json().changes
    expect(pulled).toEqual([expect.objectContaining({ entity: 'story', id: _id, data: hers })])
    expect((await call('PATCH', `/api/stories/${_id}/like/increment`, reporters[0])).statusCode).toBe(404)
    expect((await report(_id, asha)).statusCode).toBe(404)
    expect(sql('SELECT flags, hidden FROM stories')).toEqual([{ flags: 3, hidden: 1 }])
    expect(sql('SELECT weight, reviewed FROM story_flags')).toEqual(Array(3).fill({ weight: 1, reviewed: 0 }))
    expect(sql('SELECT visible FROM story_stats')).toEqual([{ visible: 0 }])
    // Deleting a story in review leaves the visible count alone.
    expect((await call('DELETE', `/api/stories/${_id}`, asha)).statusCode).toBe(200)
    expect(sql('SELECT visible FROM story_stats')).toEqual([{ visible: 0 }])
  })

  it('does not hide a story reported by three brand-new accounts', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const reporters = [await signedIn(t.app, MEERA), await signedIn(t.app, RIA), await signedIn(t.app, TARA)]
    const { _id } = await publish(asha)
    for (const reporter of reporters) expect((await report(_id, reporter)).statusCode).toBe(200)
    expect((await get(`/api/stories/${_id}`)).json().story).not.toHaveProperty('underReview')
    expect((await get('/api/stories/all')).json().stories).toHaveLength(1)
    expect((await get(`/api/stories/${_id}`, asha)).json().story).not.toHaveProperty('underReview')
    expect(sql('SELECT weight FROM story_flags')).toEqual(Array(3).fill({ weight: 0.25 }))
    expect(sql('SELECT flags, hidden FROM stories')).toEqual([{ flags: 3, hidden: 0 }])
  })

  it('weighs reports by account age, and new accounts cannot reach the threshold without two established ones', async () => {
    t = await freshApp({ rateLimits: unlimitedRateLimits() })
    const asha = await signedIn(t.app)
    const { _id } = await publish(asha)
    const visible = async () => (await get(`/api/stories/${_id}`)).statusCode === 200
    // Twelve accounts made just now weigh 3 together, but not one of them is established.
    const fresh = accounts('fresh', 12)
    for (const account of fresh) expect((await report(_id, await signedIn(t.app, account))).statusCode).toBe(200)
    expect(await visible()).toBe(true)
    // With one established account (and a day-old one) they weigh 4.5: still not enough without a second.
    const [old1, old2] = accounts('old', 2) as [typeof MEERA, typeof MEERA]
    const dayOld = { email: 'dayold@example.in', password: validSignup.password }
    const cookies = [await signedIn(t.app, old1), await signedIn(t.app, old2), await signedIn(t.app, dayOld)]
    ageAccounts(8, old1.email, old2.email)
    ageAccounts(2, dayOld.email)
    await report(_id, cookies[0] as Cookies)
    await report(_id, cookies[2] as Cookies)
    expect(await visible()).toBe(true)
    expect(sql<{ weight: number }>('SELECT weight FROM story_flags').reduce((sum, r) => sum + r.weight, 0)).toBe(4.5)
    // A second established account hides it.
    await report(_id, cookies[1] as Cookies)
    expect(await visible()).toBe(false)
    expect(sql('SELECT hidden FROM stories')).toEqual([{ hidden: 1 }])
  })

  it('gives a report the weight of its account age band', async () => {
    const { reportWeight } = await import('./service.ts')
    const at = Date.parse('2025-03-10T12:00:00.000Z')
    const madeDaysBefore = (days: number) => new Date(at - days * 86_400_000).toISOString()
    expect([0, 0.99, 1, 6.99, 7, 400, -1].map((days) => reportWeight(madeDaysBefore(days), at))).toEqual([
      0.25, 0.25, 0.5, 0.5, 1, 1, 0.25,
    ])
  })

  it('needs a session, a reason, and stays under the per-user limit', async () => {
    t = await freshApp(withRateLimit('report', 2))
    const { asha, meera } = await twoUsers(t.app)
    const stories = [await publish(asha), await publish(asha), await publish(asha)]
    expect((await report(stories[0]?._id as string, {})).statusCode).toBe(401)
    const blank = await report(stories[0]?._id as string, meera, '  ')
    expect(blank.json()).toEqual({ success: false, message: 'Reason is required', code: 'VALIDATION_ERROR' })
    expect((await report(stories[0]?._id as string, meera, 'r'.repeat(501))).statusCode).toBe(400)
    expect((await report(UNKNOWN, meera)).statusCode).toBe(404)
    expect((await report(stories[1]?._id as string, meera)).statusCode).toBe(200)
    const limited = await report(stories[2]?._id as string, meera)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().code).toBe('RATE_LIMITED')
    expect(limited.headers['retry-after']).toBeDefined()
    expect((await report(stories[2]?._id as string, asha)).statusCode).toBe(200)
  })
})

describe('GET /api/:userId/stories', () => {
  it("lists the user's public stories, newest first, and nothing for an unknown user", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const mine = [await publish(asha, { title: 'One' }), await publish(asha, { title: 'Two' })]
    await publish(meera)
    const ashaId = await userIdOf(asha)
    const res = (await get(`/api/${ashaId}/stories`)).json()
    expect(res.success).toBe(true)
    expect(res.stories.map((s: { _id: string }) => s._id).sort()).toEqual(mine.map((s) => s._id).sort())
    expect((await get(`/api/${UNKNOWN}/stories`)).json()).toEqual({ success: true, stories: [] })
  })

  it('takes 24-hex ids only and never shadows fixed routes', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const bad = await get('/api/foo/stories')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Id must be 24 hexadecimal characters')
    expect((await get('/api/user/stories')).statusCode).toBe(400)
    expect((await get('/api/healthz')).json()).toEqual({ ok: true })
    expect((await get('/api/profile', asha)).statusCode).toBe(200)
    expect((await get('/api/stories/all')).statusCode).toBe(200)
    expect((await get('/api/user/stories/saved', asha)).statusCode).toBe(200)
    expect((await get('/api/user/stories/drafts', asha)).statusCode).toBe(200)
  })
})
