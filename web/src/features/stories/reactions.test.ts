import { applyOpToUser, type User } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { testUser } from '../../test/fixtures.ts'
import { applyReaction, opForPress, press, type Reaction } from './reactions.ts'

const id = 'b'.repeat(24)
const story = { _id: id, likes: 3, dislikes: 2 }
const withStoryOp = (user: User, type: string, storyId: string) =>
  applyOpToUser(user, { type, payload: { _id: storyId } })
const none: Reaction = { liked: false, disliked: false, likes: 3, dislikes: 2 }

describe('like and dislike rules', () => {
  it('likes a story she has not reacted to', () => {
    const r = press(testUser(), story, 'like')
    expect(r.op).toBe('story.like')
    expect(r.state).toEqual({ liked: true, disliked: false, likes: 4, dislikes: 2 })
    expect(r.likedPosts).toEqual([id])
  })

  it('liking an already liked story undoes the like', () => {
    const r = press(testUser({ likedPosts: [id] }), story, 'like')
    expect(r.op).toBe('story.unlike')
    expect(r.state).toEqual({ liked: false, disliked: false, likes: 2, dislikes: 2 })
    expect(r.likedPosts).toEqual([])
  })

  it('liking a disliked story also undoes the dislike', () => {
    const r = press(testUser({ dislikedPosts: [id] }), story, 'like')
    expect(r.op).toBe('story.like')
    expect(r.state).toEqual({ liked: true, disliked: false, likes: 4, dislikes: 1 })
    expect(r.likedPosts).toEqual([id])
    expect(r.dislikedPosts).toEqual([])
  })

  it('dislike works the same way', () => {
    expect(press(testUser(), story, 'dislike')).toMatchObject({
      op: 'story.dislike',
      state: { liked: false, disliked: true, likes: 3, dislikes: 3 },
      dislikedPosts: [id],
    })
    expect(press(testUser({ dislikedPosts: [id] }), story, 'dislike')).toMatchObject({
      op: 'story.undislike',
      state: { disliked: false, dislikes: 1 },
      dislikedPosts: [],
    })
    expect(press(testUser({ likedPosts: [id] }), story, 'dislike')).toMatchObject({
      op: 'story.dislike',
      state: { liked: false, disliked: true, likes: 2, dislikes: 3 },
      likedPosts: [],
      dislikedPosts: [id],
    })
  })

  it('repeating an op changes nothing, and counts never go below 0', () => {
    const liked = applyReaction(none, 'story.like')
    expect(applyReaction(liked, 'story.like')).toEqual(liked)
    expect(applyReaction(none, 'story.unlike')).toEqual(none)
    expect(applyReaction(none, 'story.undislike')).toEqual(none)
    expect(applyReaction({ liked: true, disliked: false, likes: 0, dislikes: 0 }, 'story.unlike').likes).toBe(0)
    expect(applyReaction({ liked: true, disliked: false, likes: 0, dislikes: 0 }, 'story.dislike')).toEqual({
      liked: false,
      disliked: true,
      likes: 0,
      dislikes: 1,
    })
  })

  it('chooses the op from her state', () => {
    expect(opForPress({ liked: false, disliked: false }, 'like')).toBe('story.like')
    expect(opForPress({ liked: true, disliked: false }, 'like')).toBe('story.unlike')
    expect(opForPress({ liked: false, disliked: true }, 'dislike')).toBe('story.undislike')
    expect(opForPress({ liked: true, disliked: false }, 'dislike')).toBe('story.dislike')
  })

  it('keeps her saved list newest first and takes a deleted story out of every list', () => {
    const other = 'c'.repeat(24)
    let user = withStoryOp(testUser({ savedPosts: [other] }), 'story.save', id)
    expect(user.savedPosts).toEqual([id, other])
    expect(withStoryOp(user, 'story.save', id).savedPosts).toEqual([id, other])
    user = withStoryOp({ ...user, likedPosts: [id], dislikedPosts: [id] }, 'story.delete', id)
    expect(user).toMatchObject({ likedPosts: [], dislikedPosts: [], savedPosts: [other] })
    expect(withStoryOp(user, 'story.unsave', other).savedPosts).toEqual([])
  })
})
