/** The blog's REST reads (docs/stories.md). Writes go through the outbox (ops.ts). */
import { FEED_PAGE_SIZE, type Story } from '@wings/contract'
import { callApi } from '../../api/client.ts'

/** The sidebar lists: their key, button label, heading and how to read them. */
export type SideList = 'trending' | 'mostliked' | 'mostviewed' | 'recent'

// The public lists are read without cookies (spec section 7): the table marks them public.
export const fetchFeed = (page: number, limit = FEED_PAGE_SIZE) => callApi('storiesFeed', { query: { page, limit } })

export async function fetchSideList(list: SideList): Promise<Story[]> {
  switch (list) {
    case 'trending':
      return (await callApi('storiesTrending')).trendingStories
    case 'mostliked':
      return (await callApi('storiesMostLiked')).mostLikedStories
    case 'mostviewed':
      return (await callApi('storiesMostViewed')).mostViewedStories
    case 'recent':
      return (await callApi('storiesRecent')).recentStories
  }
}

export const fetchStory = (id: string) => callApi('story', { params: { id } })
export const fetchUserStories = (userId: string) => callApi('userStories', { params: { userId } })
export const fetchSaved = () => callApi('savedStories')
export const fetchDrafts = () => callApi('drafts')
export const fetchDraft = (id: string) => callApi('draft', { params: { id } })
