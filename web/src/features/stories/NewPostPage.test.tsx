import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { db } from '../../db/db.ts'
import { renderInApp } from '../../test/render.tsx'
import { storeUser } from '../auth/index.ts'
import { NewPostPage } from './NewPostPage.tsx'
import { asha, offlineAuthorScreens } from './testing.ts'

describe('/posts/new', () => {
  offlineAuthorScreens()

  it('sends a visitor from /posts/new to the login page and back', async () => {
    const { router } = renderInApp(<NewPostPage />, '/posts/new')
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/posts/new' })
  })

  /** Asha on /posts/new, having written 'Night bus' and `content`. */
  async function writeNightBus(content: string) {
    await storeUser(asha)
    const user = userEvent.setup()
    renderInApp(<NewPostPage />, '/posts/new')
    await user.type(await screen.findByLabelText('Title'), 'Night bus')
    await user.type(screen.getByLabelText('Content'), content)
    return user
  }

  it('saves a draft and publishes offline: the draft goes, the post waits in the outbox', async () => {
    const user = await writeNightBus('Line one{enter}Line two')
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

  it("keeps 'Post anonymously' with a draft saved from a new post", async () => {
    const user = await writeNightBus('What happened')
    await user.click(screen.getByLabelText('Post anonymously'))
    await user.click(screen.getByRole('button', { name: 'SAVE DRAFT' }))
    expect(await screen.findByText('Draft saved!')).toBeTruthy()
    const [draft] = await db.drafts.toArray()
    expect(draft).toMatchObject({ title: 'Night bus', anonymous: true })
    const [op] = await db.outbox.toArray()
    expect(op).toMatchObject({ type: 'draft.save', payload: { _id: draft?._id, anonymous: true } })
  })

  it('says what failed and what she can do when the post cannot be stored, and keeps her writing', async () => {
    const user = await writeNightBus('Line one')
    const fail = () => {
      throw new Error('IndexedDB went away')
    }
    db.outbox.hook('creating', fail)
    try {
      await user.click(screen.getByRole('button', { name: 'POST' }))
      expect(
        await screen.findByText('Failed to publish post. Your writing is still here. Please try again.'),
      ).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'SAVE DRAFT' }))
      expect(
        await screen.findByText('Failed to save draft. Your writing is still here. Please try again.'),
      ).toBeTruthy()
    } finally {
      db.outbox.hook('creating').unsubscribe(fail)
    }
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Night bus')
    expect(await db.stories.count()).toBe(0)
  })
})
