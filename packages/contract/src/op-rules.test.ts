import { describe, expect, it } from 'vitest'
import { OP_CASES, type OpCaseState } from './op-rules.cases.ts'
import { applyOp, applyOpToUser, USER_OPS } from './op-rules.ts'
import { testUser } from './testing.ts'

const asha = testUser()

const stateOf = ({ likedPosts, dislikedPosts, savedPosts, story, profile }: OpCaseState) => ({
  user: { ...asha, ...profile, likedPosts, dislikedPosts, savedPosts },
  story,
})

describe('op rules', () => {
  it.each(OP_CASES)('$name', ({ op, before, after }) => {
    expect(applyOp(stateOf(before), op)).toEqual(stateOf(after))
  })

  it('answers the state itself for ops that change nothing in it', () => {
    const state = stateOf(OP_CASES[0]?.before as OpCaseState)
    expect(applyOp(state, { type: 'story.report', payload: { _id: 'x', reason: 'Spam' } })).toBe(state)
    expect(applyOp(state, { type: 'story.like', payload: {} })).toBe(state)
  })

  it('never counts below 0, and moves only the lists when the story is not on the phone', () => {
    const liked = { ...asha, likedPosts: ['s'] }
    expect(
      applyOp(
        { user: liked, story: { likes: 0, dislikes: 0, views: 0 } },
        { type: 'story.dislike', payload: { _id: 's' } },
      ),
    ).toEqual({
      user: { ...liked, likedPosts: [], dislikedPosts: ['s'] },
      story: { likes: 0, dislikes: 1, views: 0 },
    })
    expect(applyOpToUser(asha, { type: 'story.like', payload: { _id: 's' } }).likedPosts).toEqual(['s'])
    expect(applyOp({ user: asha }, { type: 'story.view', payload: { _id: 's' } })).toEqual({ user: asha })
  })

  it('names the ops whose effect shows in the user', () => {
    expect(USER_OPS.has('profile.update')).toBe(true)
    expect(USER_OPS.has('story.delete')).toBe(true)
    expect(USER_OPS.has('story.view')).toBe(false)
    expect(USER_OPS.has('route.save')).toBe(false)
  })
})
