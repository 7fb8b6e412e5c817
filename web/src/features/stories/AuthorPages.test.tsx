import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/AuthProvider.tsx'
import { DraftPage, DraftsPage, MyPostsPage, NewPostPage } from './AuthorPages.tsx'
import { createStory, saveDraft } from './ops.ts'

const asha = testUser()
const offline = () => vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))

describe('author screens', () => {
  beforeEach(async () => {
    await clearDb()
    offline()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('sends a visitor from /posts/new to the login page and back', async () => {
    const { router } = renderInApp(<NewPostPage />, '/posts/new')
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/posts/new' })
  })

  it('saves a draft and publishes offline: the draft goes, the post waits in the outbox', async () => {
    await storeUser(asha)
    const user = userEvent.setup()
    renderInApp(<NewPostPage />, '/posts/new')
    await user.type(await screen.findByLabelText('Title'), 'Night bus')
    await user.type(screen.getByLabelText('Content'), 'Line one{enter}Line two')
    await user.click(screen.getByRole('button', { name: 'SAVE DRAFT' }))
    expect(await screen.findByText('Draft saved!')).toBeTruthy()
    expect(await db.drafts.count()).toBe(1)
    await user.click(screen.getByRole('button', { name: 'POST' }))
    expect(await screen.findByText('Post published successfully!')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/blog'))
    expect(await db.drafts.count()).toBe(0)
    const types = (await db.outbox.orderBy('seq').toArray()).map((o) => o.type)
    expect(types).toEqual(['draft.save', 'story.create'])
    expect((await db.stories.toArray())[0]).toMatchObject({ title: 'Night bus', content: 'Line one\nLine two' })
  })

  it('lists her posts with Edit and Delete, and deletes after confirmation', async () => {
    await storeUser(asha)
    const id = await createStory({ title: 'My walk', content: 'Text' })
    const user = userEvent.setup()
    renderInApp(<MyPostsPage />, '/user/posts')
    await screen.findByRole('button', { name: 'Edit My walk' })
    await user.click(screen.getByRole('button', { name: 'Delete My walk' }))
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Post deleted successfully')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit My walk' })).toBeNull())
    expect((await db.outbox.orderBy('seq').toArray()).map((o) => o.type)).toEqual(['story.create', 'story.delete'])
    expect(id).toMatch(/^[0-9a-f]{24}$/)
  })

  it('marks her posts that are under review, and only those', async () => {
    await storeUser(asha)
    const post = { content: 'Text', author: 'Asha Rao', authorId: asha._id, likes: 0, dislikes: 0, views: 0 }
    await db.stories.bulkPut([
      {
        ...post,
        _id: 'c'.repeat(24),
        title: 'Reported walk',
        createdAt: '2025-03-05T10:00:00.000Z',
        underReview: true,
      },
      { ...post, _id: 'd'.repeat(24), title: 'Quiet walk', createdAt: '2025-03-04T10:00:00.000Z' },
    ])
    renderInApp(<MyPostsPage />, '/user/posts')
    const [reported, quiet] = await screen.findAllByRole('article')
    expect(reported?.textContent).toContain('Under review: only you can see it')
    expect(quiet?.textContent).not.toContain('Under review')
  })

  it('opens the edit screen from Edit', async () => {
    await storeUser(asha)
    const id = await createStory({ title: 'My walk', content: 'Text' })
    const user = userEvent.setup()
    renderInApp(<MyPostsPage />, '/user/posts')
    await user.click(await screen.findByRole('button', { name: 'Edit My walk' }))
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe(`/stories/${id}/edit`))
  })

  it('publishes a draft from the draft editor with an alert, and the draft goes', async () => {
    await storeUser(asha)
    const id = await saveDraft({ title: 'Unfinished', content: 'Body' })
    const alert = vi.fn()
    vi.stubGlobal('alert', alert)
    const user = userEvent.setup()
    renderInApp(<DraftPage id={id} />, `/user/draft/${id}`)
    const title = await screen.findByLabelText('Title')
    expect((title as HTMLInputElement).value).toBe('Unfinished')
    await user.click(screen.getByRole('button', { name: 'SAVE DRAFT' }))
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Draft saved successfully!'))
    await user.click(screen.getByRole('button', { name: 'POST' }))
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith('Post created successfully!'))
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/blog'))
    expect(await db.drafts.get(id)).toBeUndefined()
    const create = (await db.outbox.orderBy('seq').toArray()).at(-1)
    expect(create).toMatchObject({ type: 'story.create', payload: { draftId: id, title: 'Unfinished' } })
  })

  it("keeps 'Post anonymously' with a draft saved from a new post", async () => {
    await storeUser(asha)
    const user = userEvent.setup()
    renderInApp(<NewPostPage />, '/posts/new')
    await user.type(await screen.findByLabelText('Title'), 'Night bus')
    await user.type(screen.getByLabelText('Content'), 'What happened')
    await user.click(screen.getByLabelText('Post anonymously'))
    await user.click(screen.getByRole('button', { name: 'SAVE DRAFT' }))
    expect(await screen.findByText('Draft saved!')).toBeTruthy()
    const [draft] = await db.drafts.toArray()
    expect(draft).toMatchObject({ title: 'Night bus', anonymous: true })
    const [op] = await db.outbox.toArray()
    expect(op).toMatchObject({ type: 'draft.save', payload: { _id: draft?._id, anonymous: true } })
  })

  it("opening an anonymous draft restores 'Post anonymously', and saving and publishing it keep it", async () => {
    await storeUser(asha)
    const id = await saveDraft({ title: 'Unfinished', content: 'Body', anonymous: true })
    vi.stubGlobal('alert', vi.fn())
    const user = userEvent.setup()
    renderInApp(<DraftPage id={id} />, `/user/draft/${id}`)
    const anonymous = (await screen.findByLabelText('Post anonymously')) as HTMLInputElement
    expect(anonymous.checked).toBe(true)
    await user.click(screen.getByRole('button', { name: 'SAVE DRAFT' }))
    await user.click(screen.getByRole('button', { name: 'POST' }))
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/blog'))
    const [, save, create] = await db.outbox.orderBy('seq').toArray()
    expect(save).toMatchObject({ type: 'draft.save', payload: { _id: id, anonymous: true } })
    expect(create).toMatchObject({ type: 'story.create', payload: { draftId: id, anonymous: true } })
    expect((await db.stories.toArray())[0]).toMatchObject({ author: 'Anonymous', anonymous: true })
  })

  it("opens a draft stored before drafts kept the choice, and one saved in her name, without 'Post anonymously'", async () => {
    await storeUser(asha)
    const old = 'e'.repeat(24)
    await db.drafts.put({ _id: old, userId: asha._id, title: 'Old draft', content: 'Body', updatedAt: 1 })
    const named = await saveDraft({ title: 'Named', content: 'Body', anonymous: false })
    for (const id of [old, named]) {
      const { unmount } = renderInApp(<DraftPage id={id} />, `/user/draft/${id}`)
      expect(((await screen.findByLabelText('Post anonymously')) as HTMLInputElement).checked).toBe(false)
      unmount()
    }
  })

  it('marks her anonymous drafts in the list, and only those', async () => {
    await storeUser(asha)
    await saveDraft({ title: 'Hidden name', content: 'Body', anonymous: true })
    await saveDraft({ title: 'My name', content: 'Body' })
    renderInApp(<DraftsPage />, '/user/drafts')
    const card = async (title: string) => (await screen.findByRole('link', { name: title })).closest('article')
    expect((await card('Hidden name'))?.textContent).toContain('Anonymous: will be posted without your name')
    expect((await card('My name'))?.textContent).not.toContain('Anonymous')
  })

  it('lists drafts written offline', async () => {
    await storeUser(asha)
    const id = await saveDraft({ title: 'Unfinished', content: 'Body' })
    renderInApp(<DraftsPage />, '/user/drafts')
    const link = await screen.findByRole('link', { name: 'Unfinished' })
    expect(link.getAttribute('href')).toBe(`/user/draft/${id}`)
    expect(screen.getByText('You are offline: showing what was saved on this phone.')).toBeTruthy()
  })
})
