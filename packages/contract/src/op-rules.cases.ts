/**
 * The op rules as a table: each row an op, the state before and the state after. The contract's unit test runs it on
 * applyOp; the server's (sync-server/src/modules/sync/op-rules.test.ts) pushes the same op through /api/sync/push on a
 * database seeded to `before`, so both sides answer the same state for the same op. States stay ones the server can
 * hold (a story she likes has at least one like). The lists are compared as sets: membership is the rule.
 */
import type { User } from './auth.ts'
import type { OpLike, StoryCounts } from './op-rules.ts'
import { ASHA_SIGNUP } from './testing.ts'

/** The story the ops name, and another one of hers (for the saved list). */
export const CASE_STORY = 'cccccccccccccccccccccc01'
export const CASE_OTHER_STORY = 'cccccccccccccccccccccc02'

export interface OpCaseState {
  likedPosts: string[]
  dislikedPosts: string[]
  savedPosts: string[]
  /** CASE_STORY's counters; null when it no longer exists. */
  story: StoryCounts | null
  /** Her profile fields that differ from CASE_PROFILE. */
  profile?: Partial<Pick<User, 'firstName' | 'lastName' | 'age' | 'gender' | 'language'>>
}

export interface OpCase {
  name: string
  op: OpLike
  before: OpCaseState
  after: OpCaseState
}

/** The test user's profile: Asha's, as the server's tests sign her up. */
const { firstName, lastName, age, gender } = ASHA_SIGNUP
export const CASE_PROFILE = { firstName, lastName, age, gender }

const S = CASE_STORY
const O = CASE_OTHER_STORY
/** Her lists (liked, disliked, saved) and CASE_STORY's counters (likes, dislikes, views; 3, 2, 7 unless given). */
const state = (
  liked: string[],
  disliked: string[],
  saved: string[] = [],
  story: StoryCounts | null = counts(3, 2),
) => ({
  likedPosts: liked,
  dislikedPosts: disliked,
  savedPosts: saved,
  story,
})
function counts(likes: number, dislikes: number, views = 7): StoryCounts {
  return { likes, dislikes, views }
}
const row = (type: string, name: string, before: OpCaseState, after: OpCaseState): OpCase => ({
  name,
  op: { type, payload: { _id: S } },
  before,
  after,
})

export const OP_CASES: readonly OpCase[] = [
  row('story.like', 'a like counts and lists the story', state([], []), state([S], [], [], counts(4, 2))),
  row('story.like', 'liking again changes nothing', state([S], []), state([S], [])),
  row('story.like', 'a like replaces her dislike', state([], [S]), state([S], [], [], counts(4, 1))),
  row('story.unlike', 'an unlike takes her like back', state([S], []), state([], [], [], counts(2, 2))),
  row('story.unlike', 'an unlike without a like changes nothing', state([], [S]), state([], [S])),
  row('story.dislike', 'a dislike counts and lists the story', state([], []), state([], [S], [], counts(3, 3))),
  row('story.dislike', 'a dislike replaces a like', state([S], [], [], counts(1, 0)), state([], [S], [], counts(0, 1))),
  row('story.undislike', 'an undislike takes her dislike back', state([], [S]), state([], [], [], counts(3, 1))),
  row('story.undislike', 'an undislike without a dislike changes nothing', state([S], []), state([S], [])),
  row('story.save', 'a save puts the story at the top of her saved list', state([], [], [O]), state([], [], [S, O])),
  row('story.save', 'saving again changes nothing', state([], [], [S]), state([], [], [S])),
  row('story.unsave', 'an unsave takes it out of her saved list', state([S], [], [S, O]), state([S], [], [O])),
  row('story.delete', 'a deleted story leaves every list', state([S], [], [S, O]), state([], [], [O], null)),
  row('story.view', 'a view counts once', state([], []), state([], [], [], counts(3, 2, 8))),
  {
    name: 'a profile update sets the fields it names',
    op: { type: 'profile.update', payload: { firstName: 'Meera', age: 31 } },
    before: state([S], []),
    after: { ...state([S], []), profile: { firstName: 'Meera', age: 31 } },
  },
  {
    name: 'a profile update keeps the language she chose',
    op: { type: 'profile.update', payload: { language: 'hi' } },
    before: state([], []),
    after: { ...state([], []), profile: { language: 'hi' } },
  },
  {
    name: 'choosing another language replaces hers and leaves the rest',
    op: { type: 'profile.update', payload: { language: 'mr' } },
    before: { ...state([], []), profile: { firstName: 'Meera', language: 'hi' } },
    after: { ...state([], []), profile: { firstName: 'Meera', language: 'mr' } },
  },
]
