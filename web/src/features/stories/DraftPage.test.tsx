import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { renderInApp } from '../../test/render.tsx'
import { DraftPage } from './DraftPage.tsx'
import { saveDraft } from './ops.ts'
import { asha, offlineAuthorScreens } from './testing.ts'

/** The app's polite toasts. */
const toasts = () => screen.getAllByRole('status').find((region) => region.closest('.toasts')) as HTMLElement

describe('/user/draft/$id', () => {
  offlineAuthorScreens({ signedIn: true })

  it('publishes a draft from the draft editor with its toasts (no native alert), and the draft goes', async () => {
    const id = await saveDraft({ title: 'Unfinished', content: 'Body' })
    const alert = vi.fn()
    vi.stubGlobal('alert', alert)
    const user = userEvent.setup()
    renderInApp(<DraftPage id={id} />, `/user/draft/${id}`)
    const title = await screen.findByLabelText('Title')
    expect((title as HTMLInputElement).value).toBe('Unfinished')
    await user.click(screen.getByRole('button', { name: 'SAVE DRAFT' }))
    await waitFor(() => expect(toasts().textContent).toContain('Draft saved successfully!'))
    await user.click(screen.getByRole('button', { name: 'POST' }))
    await waitFor(() => expect(toasts().textContent).toContain('Post created successfully!'))
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/blog'))
    expect(alert).not.toHaveBeenCalled()
    expect(await db.drafts.get(id)).toBeUndefined()
    const create = (await db.outbox.orderBy('seq').toArray()).at(-1)
    expect(create).toMatchObject({ type: 'story.create', payload: { draftId: id, title: 'Unfinished' } })
  })

  it('a failed save or post says so in the alert region, with what to do, and keeps her text', async () => {
    const id = await saveDraft({ title: 'Unfinished', content: 'Body' })
    const user = userEvent.setup()
    renderInApp(<DraftPage id={id} />, `/user/draft/${id}`)
    await screen.findByLabelText('Title')
    vi.spyOn(db, 'transaction').mockRejectedValue(new Error('The database is blocked'))
    await user.click(screen.getByRole('button', { name: 'SAVE DRAFT' }))
    const errors = () => screen.getAllByRole('alert').map((region) => region.textContent ?? '')
    await waitFor(() =>
      expect(errors()).toContain('Error while saving draft. Your writing is still here. Please try again.×Close'),
    )
    await user.click(screen.getByRole('button', { name: 'POST' }))
    await waitFor(() =>
      expect(errors().join()).toContain('Error while creating post. Your writing is still here. Please try again.'),
    )
    expect(screen.queryByTestId('elsewhere')).toBeNull()
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Unfinished')
    vi.restoreAllMocks()
  })

  it("opening an anonymous draft restores 'Post anonymously', and saving and publishing it keep it", async () => {
    const id = await saveDraft({ title: 'Unfinished', content: 'Body', anonymous: true })
    vi.stubGlobal('alert', vi.fn())
    const user = userEvent.setup()
    renderInApp(<DraftPage id={id} />, `/user/draft/${id}`)
    const anonymous = (await screen.findByLabelText('Post anonymously')) as HTMLInputElement
    expect(anonymous.checked).toBe(true)
    await user.click(screen.getByRole('button', { name: 'SAVE DRAFT' }))
    await user.click(screen.getByRole('button', { name: 'POST' }))
    // Saving, then publishing, then leaving: more than waitFor's default second on a loaded machine.
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/blog'), { timeout: 5000 })
    const [, save, create] = await db.outbox.orderBy('seq').toArray()
    expect(save).toMatchObject({ type: 'draft.save', payload: { _id: id, anonymous: true } })
    expect(create).toMatchObject({ type: 'story.create', payload: { draftId: id, anonymous: true } })
    expect((await db.stories.toArray())[0]).toMatchObject({ author: 'Anonymous', anonymous: true })
    // The test's own limit must outlast the 5 s wait above (vitest's default is 5 s: it ended the test first once).
  }, 15_000)

  it("opens a draft stored before drafts kept the choice, and one saved in her name, without 'Post anonymously'", async () => {
    const old = 'e'.repeat(24)
    await db.drafts.put({ _id: old, userId: asha._id, title: 'Old draft', content: 'Body', updatedAt: 1 })
    const named = await saveDraft({ title: 'Named', content: 'Body', anonymous: false })
    for (const id of [old, named]) {
      const { unmount } = renderInApp(<DraftPage id={id} />, `/user/draft/${id}`)
      expect(((await screen.findByLabelText('Post anonymously')) as HTMLInputElement).checked).toBe(false)
      unmount()
    }
  })
})
