import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SyncEngine } from '../../sync/engine.ts'
import { answer, failure, gate, refuse, server } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb, syncServer } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { BlogPage } from './BlogPage.tsx'
import { createStory } from './ops.ts'
import { SavedPostsPage } from './SavedPostsPage.tsx'
import { StoryPage } from './StoryPage.tsx'
import { aStory, storyServer } from './testing.ts'

describe('the blog reads again once the server has her change', () => {
  beforeEach(clearDb)

  it('fetches the feed again after her like is sent (not 30 s later), and the count does not jump back', async () => {
    await storeUser(testUser())
    let reads = 0
    storyServer([aStory()])
    server.use(
      answer('storiesFeed', () => {
        reads++
        // The server's copy once it has her like.
        return { success: true, stories: [aStory({ likes: reads === 1 ? 3 : 4 })], currentPage: 1, totalPages: 1 }
      }),
    )
    syncServer()
    const user = userEvent.setup()
    renderInApp(<BlogPage page={1} list={undefined} onNavigate={vi.fn()} onSaved={vi.fn()} />, '/blog')
    const card = within(await screen.findByRole('article'))
    expect(reads).toBe(1)
    await user.click(card.getByRole('button', { name: 'Like' }))
    await waitFor(() => expect(card.getByLabelText('Likes').textContent).toBe('4'))
    await new SyncEngine({ useLocks: false, isOnline: () => true }).sync()
    await waitFor(() => expect(reads).toBe(2))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(card.getByLabelText('Likes').textContent).toBe('4')
    expect(card.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('true')
  })
  it("keeps her new story on its page when the server answered 'not found' to a read sent before it had it", async () => {
    await storeUser(testUser())
    const id = await createStory({ title: 'Home before dark', content: 'Took the main road.' })
    const answered = gate()
    let asked = false
    server.use(
      answer('story', async () => {
        asked = true
        await answered.opened
        return failure(404, 'Post not found')
      }),
    )
    syncServer()
    renderInApp(<StoryPage id={id} />, `/blog/stories/${id}`)
    await screen.findByRole('heading', { level: 1, name: 'Home before dark' })
    await waitFor(() => expect(asked).toBe(true))
    await new SyncEngine({ useLocks: false, isOnline: () => true }).sync()
    answered.open()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.getByRole('heading', { level: 1, name: 'Home before dark' })).toBeTruthy()
    expect(screen.queryByText('Post not found')).toBeNull()
  })
})

describe('a blog read that fails says what happened and what she can do', () => {
  beforeEach(clearDb)

  it('a server failure: not her fault, try again in a few minutes', async () => {
    server.use(refuse('storiesFeed', 500, 'Internal error'))
    renderInApp(<BlogPage page={1} list={undefined} onNavigate={vi.fn()} onSaved={vi.fn()} />, '/blog')
    const alert = await screen.findByText(/^Could not load this right now\./)
    expect(alert.getAttribute('role')).toBe('alert')
    expect(alert.textContent).toBe(
      "Could not load this right now. The problem is on Wings' side, not yours. Try again in a few minutes.",
    )
  })

  it('a session that ended: log in again, with the way to do it', async () => {
    const asha = testUser()
    await storeUser(asha)
    server.use(refuse('savedStories', 401, 'Please log in'))
    renderInApp(<SavedPostsPage id={asha._id} />, `/blog/${asha._id}/saved`)
    const alert = await screen.findByText(/^Could not load this right now\./)
    expect(alert.textContent).toContain('Could not load this right now. Your session has ended. Log in again')
    expect(within(alert).getByRole('link', { name: 'Log in' }).getAttribute('href')).toContain('/login')
  })
})
