/**
 * The like and dislike buttons (spec section 4): which op a press sends, and what it does to the user's lists and the
 * story's counts, by the op rules of @wings/contract (the same the outbox and the server follow).
 */
import { applyOp, type User } from '@wings/contract'

export type Press = 'like' | 'dislike'
export type ReactionOp = 'story.like' | 'story.unlike' | 'story.dislike' | 'story.undislike'

export interface Reaction {
  liked: boolean
  disliked: boolean
  likes: number
  dislikes: number
}

/**
 * The op a press sends: liking an already liked story undoes the like; liking a disliked story also undoes the
 * dislike (the server's like replaces the dislike); dislike works the same way.
 */
export function opForPress(state: Pick<Reaction, 'liked' | 'disliked'>, press: Press): ReactionOp {
  if (press === 'like') return state.liked ? 'story.unlike' : 'story.like'
  return state.disliked ? 'story.undislike' : 'story.dislike'
}

/** `op` applied to her lists and the story's counts, as an op of hers is applied anywhere. */
function reactTo(user: User, story: { _id: string; likes: number; dislikes: number }, op: ReactionOp) {
  const next = applyOp({ user, story: { ...story, views: 0 } }, { type: op, payload: { _id: story._id } })
  return { user: next.user ?? user, state: reactionOf(next.user, next.story ?? story) }
}

/** The state after `op`, as the server counts it: repeating an op changes nothing; counts never go below 0. */
export function applyReaction(state: Reaction, op: ReactionOp): Reaction {
  const story = { _id: 'story', likes: state.likes, dislikes: state.dislikes }
  const lists = { likedPosts: state.liked ? [story._id] : [], dislikedPosts: state.disliked ? [story._id] : [] }
  return reactTo(lists as User, story, op).state
}

/** One press: the op to send and what the user's lists and the story's counts become. */
export function press(
  user: Pick<User, 'likedPosts' | 'dislikedPosts'> & Partial<User>,
  story: { _id: string; likes: number; dislikes: number },
  which: Press,
): { op: ReactionOp; state: Reaction; likedPosts: string[]; dislikedPosts: string[] } {
  const op = opForPress(reactionOf(user, story), which)
  const next = reactTo(user as User, story, op)
  return { op, state: next.state, likedPosts: next.user.likedPosts, dislikedPosts: next.user.dislikedPosts }
}

export function reactionOf(
  user: Pick<User, 'likedPosts' | 'dislikedPosts'> | null | undefined,
  story: { _id: string; likes: number; dislikes: number },
): Reaction {
  return {
    liked: user?.likedPosts.includes(story._id) ?? false,
    disliked: user?.dislikedPosts.includes(story._id) ?? false,
    likes: story.likes,
    dislikes: story.dislikes,
  }
}
