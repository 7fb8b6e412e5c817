import { describe, expect, it } from 'vitest'
import { Draft, DraftSaveBody, FeedQuery, StoryCreateBody, StoryReportBody } from './stories.ts'
import { StoryMessages } from './stories-rules.ts'
import { opNeedsUser } from './sync.ts'
import { opPayloadProblem, problemOf } from './validate.ts'

describe('story bodies', () => {
  it('take a title of 1 to 150 characters and content of 1 to 20,000', () => {
    expect(problemOf(StoryCreateBody, { title: 't'.repeat(150), content: 'c'.repeat(20_000) })).toBeNull()
    expect(problemOf(StoryCreateBody, { title: 't'.repeat(151), content: 'c' })?.message).toBe(
      'Title must be at most 150 characters',
    )
    expect(problemOf(StoryCreateBody, { title: 't', content: 'c'.repeat(20_001) })?.message).toBe(
      'Content must be at most 20000 characters',
    )
    expect(problemOf(DraftSaveBody, { title: ' ', content: 'c' })?.message).toBe('Title is required')
    expect(problemOf(StoryReportBody, { reason: '' })?.message).toBe('Reason is required')
  })

  it('accept markup as plain text', () => {
    const xss = '<script>alert(1)</script><img src=x onerror=alert(1)>'
    expect(problemOf(StoryCreateBody, { title: xss, content: xss })).toBeNull()
  })
})

describe('FeedQuery', () => {
  it.each([{}, { page: '1' }, { page: '12', limit: '50' }, { limit: '1' }])('accepts %j', (query) => {
    expect(problemOf(FeedQuery, query)).toBeNull()
  })
  it.each([{ page: '0' }, { page: '-1' }, { page: '1.5' }, { limit: '0' }, { limit: '51' }, { limit: 'x' }])(
    'refuses %j',
    (query) => {
      expect(problemOf(FeedQuery, query)).not.toBeNull()
    },
  )
})

describe('story ops', () => {
  const id = 'aaaaaaaaaaaaaaaaaaaaaaa1'
  it('check payloads like the REST bodies, with the id required', () => {
    expect(opPayloadProblem('story.create', { _id: id, title: 'T', content: 'C', anonymous: true })).toBeNull()
    expect(opPayloadProblem('story.create', { title: 'T', content: 'C' })?.message).toBe('Id is required')
    expect(opPayloadProblem('story.like', { _id: id })).toBeNull()
    expect(opPayloadProblem('draft.save', { _id: id, title: 'T', content: '' })?.message).toBe('Content is required')
  })
  it("let a draft keep 'Post anonymously', and take drafts from clients that do not send it", () => {
    const draft = { _id: id, title: 'T', content: 'C' }
    for (const anonymous of [true, false]) {
      expect(problemOf(DraftSaveBody, { ...draft, anonymous })).toBeNull()
      expect(opPayloadProblem('draft.save', { ...draft, anonymous })).toBeNull()
      expect(problemOf(Draft, { ...draft, anonymous })).toBeNull()
    }
    expect(problemOf(DraftSaveBody, draft)).toBeNull()
    expect(opPayloadProblem('draft.save', draft)).toBeNull()
    expect(problemOf(DraftSaveBody, { ...draft, anonymous: 'yes' })?.message).toBe('anonymous must be true or false')
    expect(opPayloadProblem('draft.save', { ...draft, anonymous: 1 })?.message).toBe('anonymous must be true or false')
  })
  it('need a session, except counting a view', () => {
    for (const type of ['story.create', 'story.like', 'story.save', 'story.report', 'draft.save', 'draft.delete']) {
      expect(opNeedsUser(type)).toBe(true)
    }
    expect(opNeedsUser('story.view')).toBe(false)
  })
  it("carry the spec's messages", () => {
    expect(StoryMessages.published).toBe('Post published successfully!')
    expect(StoryMessages.saved).toBe('Post saved')
  })
})
