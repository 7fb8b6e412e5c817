/** The author screens' tests: Asha, an empty phone database, and no network. */
import type { Story } from '@wings/contract'
import { afterEach, beforeEach, vi } from 'vitest'
import { answer, failure, noNetwork, server } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'

export const asha = testUser()

/** Each test starts with an empty phone database and no network, and with Asha signed in when `signedIn`. */
export function offlineAuthorScreens({ signedIn = false } = {}) {
  beforeEach(async () => {
    await clearDb()
    server.use(noNetwork())
    if (signedIn) await storeUser(asha)
  })
  // The screens' tests stub alert.
  afterEach(() => vi.unstubAllGlobals())
}

/** The id of the story the story screens' tests read. */
export const STORY_ID = 'b'.repeat(24)

/** A published story by Meera K, with `over` changed. */
export const aStory = (over: Partial<Story> = {}): Story => ({
  _id: STORY_ID,
  title: 'Walking home',
  content: 'First line\nLast line',
  author: 'Meera K',
  anonymous: false,
  createdAt: new Date(2025, 2, 5, 10, 30).toISOString(),
  likes: 3,
  dislikes: 1,
  views: 7,
  ...over,
})

/** The story STORY_ID (the first of `stories`), the feed's two pages (only the first has stories) and the sync push. */
export function storyServer(stories: Story[]) {
  server.use(
    answer('story', ({ params }) =>
      params.id === STORY_ID ? { success: true, story: stories[0] as Story } : failure(404, 'Not found'),
    ),
    answer('storiesFeed', ({ query }) => {
      const page = Number(query.page)
      return { success: true, stories: page === 1 ? stories : [], currentPage: page, totalPages: 2 }
    }),
    answer('syncPush', { success: true, results: [] }),
  )
}
