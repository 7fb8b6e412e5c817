import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { db } from '../../db/db.ts'
import { renderInApp } from '../../test/render.tsx'
import { MyPostsPage } from './MyPostsPage.tsx'
import { createStory } from './ops.ts'
import { asha, offlineAuthorScreens } from './testing.ts'

describe('/user/posts', () => {
  offlineAuthorScreens({ signedIn: true })

  it('lists her posts with Edit and Delete, and deletes after confirmation', async () => {
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
    const id = await createStory({ title: 'My walk', content: 'Text' })
    const user = userEvent.setup()
    renderInApp(<MyPostsPage />, '/user/posts')
    await user.click(await screen.findByRole('button', { name: 'Edit My walk' }))
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe(`/stories/${id}/edit`))
  })
})
