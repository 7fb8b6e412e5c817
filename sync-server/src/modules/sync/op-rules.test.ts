/**
 * The op rules' table (@wings/contract/op-rules.cases) on the server: each op pushed through /api/sync/push to a
 * database seeded to `before` leaves `after`, the state the phone's applyOp answers for it.
 */
import { randomUUID } from 'node:crypto'
import { CASE_OTHER_STORY, CASE_PROFILE, CASE_STORY, OP_CASES, type OpCaseState } from '@wings/contract/op-rules.cases'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { freshApp } from '../../testing/fresh-app.ts'
import { anOp, type Cookies, opStatuses, pushOps } from '../../testing/sync-ops.ts'
import { signedIn, type TestApp } from '../../testing/test-app.ts'

let t: TestApp

const clientId = randomUUID()
const push = async (ops: unknown[], cookies: Cookies) =>
  expect(opStatuses(await pushOps(t.app, ops, { cookies, clientId }))).toEqual(ops.map(() => 'applied'))
const each = (type: string, ids: readonly string[]) => ids.map((_id) => anOp(type, { _id }))

/** Her two stories, her reactions and saves (oldest save first), her profile and CASE_STORY's counters as `before`. */
async function seeded(before: OpCaseState): Promise<Cookies> {
  t = await freshApp()
  const cookies = await signedIn(t.app)
  await push(
    [
      anOp('story.create', { _id: CASE_OTHER_STORY, title: 'Another', content: 'Another story' }),
      anOp('story.create', { _id: CASE_STORY, title: 'Hers', content: 'Her story' }),
      ...each('story.like', before.likedPosts),
      ...each('story.dislike', before.dislikedPosts),
      ...each('story.save', [...before.savedPosts].reverse()),
      ...(before.profile ? [anOp('profile.update', before.profile)] : []),
    ],
    cookies,
  )
  const db = new Database(t.dbFile)
  try {
    const { likes, dislikes, views } = before.story ?? { likes: 0, dislikes: 0, views: 0 }
    db.prepare('UPDATE stories SET likes = ?, dislikes = ?, views = ? WHERE id = ?').run(
      likes,
      dislikes,
      views,
      CASE_STORY,
    )
  } finally {
    db.close()
  }
  return cookies
}

const sorted = (ids: readonly string[] = []) => [...ids].sort()

/** A state as both sides are compared: lists as sets, the profile whole. */
const comparable = ({ likedPosts, dislikedPosts, savedPosts, story, profile }: OpCaseState) => ({
  likedPosts: sorted(likedPosts),
  dislikedPosts: sorted(dislikedPosts),
  savedPosts: sorted(savedPosts),
  story,
  profile: { ...CASE_PROFILE, ...profile },
})

async function stateOf(cookies: Cookies) {
  const user = (await t.app.inject({ url: '/api/profile', cookies })).json().data
  const res = await t.app.inject({ url: `/api/stories/${CASE_STORY}`, cookies })
  const story = res.statusCode === 404 ? null : res.json().story
  return comparable({
    likedPosts: user.likedPosts,
    dislikedPosts: user.dislikedPosts,
    savedPosts: user.savedPosts,
    story: story && { likes: story.likes, dislikes: story.dislikes, views: story.views },
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      age: user.age,
      gender: user.gender,
      ...(user.language === undefined ? {} : { language: user.language }),
    },
  })
}

describe('the op rules on the server', () => {
  it.each(OP_CASES)('$name', async ({ op, before, after }) => {
    const cookies = await seeded(before)
    expect(await stateOf(cookies)).toEqual(comparable(before))
    await push([anOp(op.type, op.payload)], cookies)
    expect(await stateOf(cookies)).toEqual(comparable(after))
  })
})
