/**
 * The like and dislike rules (spec section 4), as pure functions: the story page and the feed decide which op a
 * press sends, and the local change applies that op's effect to the user's lists and the story's counts.
 */
import type { User } from '@wings/contract'
import { withStoryOp } from '../../db/user.ts'

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

const down = (n: number) => Math.max(0, n - 1)

/** The state after `op`, as the server counts it: repeating an op changes nothing; counts never go below 0. */
export function applyReaction(state: Reaction, op: ReactionOp): Reaction {
  switch (op) {
    case 'story.like':
      if (state.liked) return state
      return {
        liked: true,
        disliked: false,
        likes: state.likes + 1,
        dislikes: state.disliked ? down(state.dislikes) : state.dislikes,
      }
    case 'story.unlike':
      return state.liked ? { ...state, liked: false, likes: down(state.likes) } : state
    case 'story.dislike':
      if (state.disliked) return state
      return {
        liked: false,
        disliked: true,
        likes: state.liked ? down(state.likes) : state.likes,
        dislikes: state.dislikes + 1,
      }
    case 'story.undislike':
      return state.disliked ? { ...state, disliked: false, dislikes: down(state.dislikes) } : state
  }
}

/** One press: the op to send and what the user's lists and the story's counts become. */
export function press(
  user: Pick<User, 'likedPosts' | 'dislikedPosts'> & Partial<User>,
  story: { _id: string; likes: number; dislikes: number },
  which: Press,
): { op: ReactionOp; state: Reaction; likedPosts: string[]; dislikedPosts: string[] } {
  const before = reactionOf(user, story)
  const op = opForPress(before, which)
  const lists = withStoryOp(user as User, op, story._id)
  return { op, state: applyReaction(before, op), likedPosts: lists.likedPosts, dislikedPosts: lists.dislikedPosts }
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
