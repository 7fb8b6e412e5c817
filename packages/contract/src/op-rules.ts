/**
 * What each op does to the state it touches (docs/sync.md, Op rules), as one pure function: the phone applies it when
 * an op is queued (what she sees at once) and when it replays her waiting ops over a pulled copy; the server's result
 * for the same op and state is checked against it (op-rules.cases.ts). No TypeBox here: the web loads it at start.
 */
import type { ProfileUpdateBody, User } from './auth.ts'

/** A story's counters as the phone shows them. */
export interface StoryCounts {
  likes: number
  dislikes: number
  views: number
}

/** What an op may change: the signed-in user (absent for a guest) and the story it names (null: gone). */
export interface OpState<C extends StoryCounts = StoryCounts> {
  user?: User
  story?: C | null
}

export interface OpLike {
  type: string
  payload: unknown
}

type Rule = <C extends StoryCounts>(state: OpState<C>, payload: unknown) => OpState<C>
type UserRule = <C extends StoryCounts>(state: OpState<C> & { user: User }, payload: unknown) => OpState<C>

/** An op of hers: without a signed-in user it changes nothing here (the server refuses it). */
const ofUser =
  (rule: UserRule): Rule =>
  (state, payload) =>
    state.user ? rule(state as typeof state & { user: User }, payload) : state

const without = (list: readonly string[] | undefined, id: string) => (list ?? []).filter((x) => x !== id)
const down = (n: number) => Math.max(0, n - 1)
const storyIdOf = (payload: unknown) => {
  const id = (payload as { _id?: unknown } | null)?._id
  return typeof id === 'string' ? id : undefined
}

/** Like and dislike mirror each other: these are the lists and counters of each, and of its opposite. */
const REACTIONS = {
  like: { list: 'likedPosts', count: 'likes', other: 'dislike' },
  dislike: { list: 'dislikedPosts', count: 'dislikes', other: 'like' },
} as const
type Reaction = keyof typeof REACTIONS

/** A like (or dislike) replaces the opposite reaction; repeating it changes nothing. */
function react(kind: Reaction): Rule {
  const mine = REACTIONS[kind]
  const theirs = REACTIONS[mine.other]
  return ofUser((state, payload) => {
    const id = storyIdOf(payload)
    if (id === undefined) return state
    const had = state.user[mine.list].includes(id)
    const hadOther = state.user[theirs.list].includes(id)
    const user = {
      ...state.user,
      [mine.list]: had ? state.user[mine.list] : [...state.user[mine.list], id],
      [theirs.list]: without(state.user[theirs.list], id),
    }
    const story = state.story
    if (!story || had) return { ...state, user }
    const counts = {
      [mine.count]: story[mine.count] + 1,
      [theirs.count]: hadOther ? down(story[theirs.count]) : story[theirs.count],
    }
    return { user, story: { ...story, ...counts } }
  })
}

/** Taking back a reaction she does not have changes nothing; counts never go below 0. */
function unreact(kind: Reaction): Rule {
  const mine = REACTIONS[kind]
  return ofUser((state, payload) => {
    const id = storyIdOf(payload)
    if (id === undefined || !state.user[mine.list].includes(id)) return state
    const user = { ...state.user, [mine.list]: without(state.user[mine.list], id) }
    const story = state.story && { ...state.story, [mine.count]: down(state.story[mine.count]) }
    return { user, story }
  })
}

/** An op that changes her lists only, no counter. */
const onLists = (change: (user: User, id: string) => User): Rule =>
  ofUser((state, payload) => {
    const id = storyIdOf(payload)
    return id === undefined ? state : { ...state, user: change(state.user, id) }
  })

/** `base` with the fields `patch` sets (undefined fields left alone). */
function withProfile(base: User, patch: ProfileUpdateBody): User {
  const next = { ...base }
  if (patch.firstName !== undefined) next.firstName = patch.firstName
  if (patch.lastName !== undefined) next.lastName = patch.lastName
  if (patch.age !== undefined) next.age = patch.age
  if (patch.gender !== undefined) next.gender = patch.gender
  if (patch.language !== undefined) next.language = patch.language
  return next
}

/** Each op type's effect; op types not listed change nothing the phone keeps in this state. */
const RULES: Record<string, Rule> = {
  'profile.update': ofUser((state, payload) => ({
    ...state,
    user: withProfile(state.user, payload as ProfileUpdateBody),
  })),
  'story.like': react('like'),
  'story.unlike': unreact('like'),
  'story.dislike': react('dislike'),
  'story.undislike': unreact('dislike'),
  // Her saved list is newest first: a save puts the story at its top.
  'story.save': onLists((user, id) => ({ ...user, savedPosts: [id, ...without(user.savedPosts, id)] })),
  'story.unsave': onLists((user, id) => ({ ...user, savedPosts: without(user.savedPosts, id) })),
  // A deleted story leaves every list.
  'story.delete': ofUser((state, payload) => {
    const id = storyIdOf(payload)
    if (id === undefined) return state
    const { user } = state
    return {
      user: {
        ...user,
        likedPosts: without(user.likedPosts, id),
        dislikedPosts: without(user.dislikedPosts, id),
        savedPosts: without(user.savedPosts, id),
      },
      story: null,
    }
  }),
  // The phone sends at most one view per story and day (the server counts one per reader and day).
  'story.view': (state) =>
    state.story ? { ...state, story: { ...state.story, views: state.story.views + 1 } } : state,
}

/** The op types whose effect shows in the signed-in user (her profile or her story lists). */
export const USER_OPS: ReadonlySet<string> = new Set(Object.keys(RULES).filter((type) => type !== 'story.view'))

/** `state` after `op`: a new state, `state` itself when the op changes nothing in it. */
export function applyOp<C extends StoryCounts>(state: OpState<C>, op: OpLike): OpState<C> {
  const rule = RULES[op.type]
  return rule ? rule(state, op.payload) : state
}

/** `user` after `op` (its effect on her profile and lists). */
export function applyOpToUser(user: User, op: OpLike): User {
  return applyOp({ user }, op).user ?? user
}
