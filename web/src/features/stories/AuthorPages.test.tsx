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

  it('lists drafts written offline', async () => {
    await storeUser(asha)
    const id = await saveDraft({ title: 'Unfinished', content: 'Body' })
    renderInApp(<DraftsPage />, '/user/drafts')
    const link = await screen.findByRole('link', { name: 'Unfinished' })
    expect(link.getAttribute('href')).toBe(`/user/draft/${id}`)
    expect(screen.getByText('You are offline: showing what was saved on this phone.')).toBeTruthy()
  })
})
