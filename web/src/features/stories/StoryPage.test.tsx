import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type Story, StoryMessages } from '@wings/contract'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { answer, gate, noNetwork, server } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { BlogPage } from './BlogPage.tsx'
import { StoryPage } from './StoryPage.tsx'
import { aStory, STORY_ID, storyServer } from './testing.ts'

const XSS = '<script>alert(1)</script><img src=x onerror=alert(1)>'
const id = STORY_ID
const story = (over: Partial<Story> = {}): Story => aStory({ content: `First line\n${XSS}\nLast line`, ...over })

describe('StoryPage', () => {
  beforeEach(clearDb)

  it('shows a story with HTML in it as text: no script or img element is made', async () => {
    storyServer([story()])
    const { container } = renderInApp(<StoryPage id={id} />, `/blog/stories/${id}`)
    await screen.findByRole('heading', { level: 1, name: 'Walking home' })
    const content = container.querySelector('.story-content') as HTMLElement
    expect(content.textContent).toBe(`First line\n${XSS}\nLast line`)
    expect(screen.getByText(/<script>alert\(1\)<\/script><img src=x onerror=alert\(1\)>/)).toBeTruthy()
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('img')).toBeNull()
    expect(content.children).toHaveLength(0)
    expect(screen.getByText('5th March 2025, 10:30')).toBeTruthy()
    expect(screen.getByRole('link', { name: /Back to stories/ }).getAttribute('href')).toBe('/blog')
    // Opening it counts a view (an op, shown at once).
    await waitFor(async () => expect((await db.outbox.toArray()).map((o) => o.type)).toEqual(['story.view']))
    await waitFor(() => expect(screen.getByLabelText('Views').textContent).toBe('8'))
  })

  it('asks a visitor to log in to like or dislike', async () => {
    storyServer([story()])
    const user = userEvent.setup()
    renderInApp(<StoryPage id={id} />, `/blog/stories/${id}`)
    await user.click(await screen.findByRole('button', { name: 'Like' }))
    expect(await screen.findByText('You must be logged in to like or dislike a post')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Report story' })).toBeNull()
  })

  it('likes, then dislikes (the like is undone), and saves, for a signed-in user', async () => {
    await storeUser(testUser())
    storyServer([story()])
    const user = userEvent.setup()
    renderInApp(<StoryPage id={id} />, `/blog/stories/${id}`)
    const like = await screen.findByRole('button', { name: 'Like' })
    await user.click(like)
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'))
    expect(screen.getByLabelText('Likes').textContent).toBe('4')
    await user.click(screen.getByRole('button', { name: 'Dislike' }))
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'))
    expect(screen.getByLabelText('Likes').textContent).toBe('3')
    expect(screen.getByLabelText('Dislikes').textContent).toBe('2')
    await user.click(screen.getByRole('button', { name: 'Save post' }))
    expect(await screen.findByText('Post saved')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Unsave post' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByText('Saved to your posts')).toBeTruthy()
    const types = (await db.outbox.orderBy('seq').toArray()).map((o) => o.type)
    expect(types.filter((t) => t !== 'story.view')).toEqual(['story.like', 'story.dislike', 'story.save'])
  })

  it('tells her that her own story is under review, and stops once it is restored', async () => {
    const me = testUser()
    await storeUser(me)
    storyServer([story({ author: 'Asha Rao', authorId: me._id, underReview: true })])
    const first = renderInApp(<StoryPage id={id} />, `/blog/stories/${id}`)
    await screen.findByRole('heading', { level: 1, name: 'Walking home' })
    const note = await screen.findByText(StoryMessages.underReview)
    expect(note.getAttribute('role')).toBe('note')
    expect(note.textContent).toBe(
      'This story is under review: it was reported, so it is hidden from the blog until a moderator has read it. Only you can see it now; you can still edit or delete it.',
    )
    expect(screen.queryByRole('button', { name: 'Report story' })).toBeNull()
    expect((await db.stories.get(id))?.underReview).toBe(true)
    first.unmount()

    storyServer([story({ author: 'Asha Rao', authorId: me._id })])
    renderInApp(<StoryPage id={id} />, `/blog/stories/${id}`)
    expect(await screen.findByRole('button', { name: 'Report story' })).toBeTruthy()
    await waitFor(async () => expect((await db.stories.get(id))?.underReview).toBeUndefined())
    expect(screen.queryByText(StoryMessages.underReview)).toBeNull()
  })

  it('stays readable offline once read', async () => {
    storyServer([story()])
    const first = renderInApp(<StoryPage id={id} />, `/blog/stories/${id}`)
    await screen.findByRole('heading', { level: 1, name: 'Walking home' })
    first.unmount()
    server.use(noNetwork())
    renderInApp(<StoryPage id={id} />, `/blog/stories/${id}`)
    await screen.findByRole('heading', { level: 1, name: 'Walking home' })
    expect(
      await screen.findByText(
        'You are offline: showing what was saved on this phone. It updates by itself when you are back online.',
      ),
    ).toBeTruthy()
  })
})

describe('BlogPage', () => {
  beforeEach(clearDb)

  it('shows cards with an excerpt and Read more, pagination, and Login required for a visitor', async () => {
    const long = `${'Every word matters here. '.repeat(40)}The end.`
    storyServer([story({ content: long }), story({ _id: 'c'.repeat(24), title: 'Second', author: 'Anonymous' })])
    const user = userEvent.setup()
    const onNavigate = vi.fn()
    renderInApp(<BlogPage page={1} list={undefined} onNavigate={onNavigate} onSaved={vi.fn()} />, '/blog')
    const cards = await screen.findAllByRole('article')
    expect(cards).toHaveLength(2)
    const first = within(cards[0] as HTMLElement)
    expect(first.getByRole('heading', { name: 'Walking home' })).toBeTruthy()
    expect(first.getByRole('link', { name: 'Read more' }).getAttribute('href')).toBe(`/blog/stories/${id}`)
    expect(first.getByText(/…$/).textContent?.length).toBeLessThan(long.length / 3)
    expect(within(cards[1] as HTMLElement).getByText('by Anonymous')).toBeTruthy()
    expect(screen.getByText('page 1 / 2')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(onNavigate).toHaveBeenCalledWith({ page: 2 })
    await user.click(first.getByRole('button', { name: 'Like' }))
    expect(await screen.findByText('Login required')).toBeTruthy()
    for (const name of ['Trending', 'Most liked', 'Most viewed', 'Recent posts']) {
      expect(screen.getByRole('button', { name })).toBeTruthy()
    }
    expect(screen.queryByRole('button', { name: 'Saved posts' })).toBeNull()
    for (const name of ['Create', 'My posts', 'Drafts']) expect(screen.getByRole('link', { name })).toBeTruthy()
  })

  it('keeps the feed busy, without a pager, until its stories are stored, then shows them with the pager', async () => {
    const feedAnswer = gate()
    server.use(
      answer('storiesFeed', async () => {
        await feedAnswer.opened
        return { success: true, stories: [story()], currentPage: 1, totalPages: 1 }
      }),
      answer('syncPush', { success: true, results: [] }),
    )
    renderInApp(<BlogPage page={1} list={undefined} onNavigate={vi.fn()} onSaved={vi.fn()} />, '/blog')
    const feed = await screen.findByRole('region', { name: 'All stories' })
    expect(await within(feed).findByText('Loading stories…')).toBeTruthy()
    expect(feed.getAttribute('aria-busy')).toBe('true')
    expect(within(feed).queryByRole('navigation', { name: 'Pages' })).toBeNull()
    feedAnswer.open()
    expect(await within(feed).findByRole('article')).toBeTruthy()
    expect(feed.getAttribute('aria-busy')).toBe('false')
    expect(within(feed).getByRole('navigation', { name: 'Pages' })).toBeTruthy()
    expect(within(feed).queryByText('Loading stories…')).toBeNull()
  })

  it('stops loading with the pager when the feed cannot be reached and nothing is stored', async () => {
    server.use(noNetwork())
    renderInApp(<BlogPage page={1} list={undefined} onNavigate={vi.fn()} onSaved={vi.fn()} />, '/blog')
    expect(
      await screen.findByText(
        'You are offline, and this has not been saved on this phone yet. Open it again when you are back online.',
      ),
    ).toBeTruthy()
    const feed = screen.getByRole('region', { name: 'All stories' })
    expect(feed.getAttribute('aria-busy')).toBe('false')
    expect(within(feed).queryByText('Loading stories…')).toBeNull()
    expect(within(feed).getByRole('navigation', { name: 'Pages' })).toBeTruthy()
  })
})
