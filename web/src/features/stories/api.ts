/** The blog's REST reads (docs/stories.md). Writes go through the outbox (ops.ts). */
import {
  type DraftResponse,
  type DraftsResponse,
  FEED_PAGE_SIZE,
  type FeedResponse,
  type MostLikedResponse,
  type MostViewedResponse,
  type RecentResponse,
  type SavedPostsResponse,
  type StoriesResponse,
  type Story,
  type StoryResponse,
  type TrendingResponse,
} from '@wings/contract'
import { apiFetch } from '../../api/client.ts'

/** The sidebar lists: their key, button label, heading and how to read them. */
export type SideList = 'trending' | 'mostliked' | 'mostviewed' | 'recent'

// The public lists are read without cookies (spec section 7).
const open = { credentials: 'omit' as const }

export const fetchFeed = (page: number, limit = FEED_PAGE_SIZE) =>
  apiFetch<FeedResponse>(`/stories/all?page=${page}&limit=${limit}`, open)

export async function fetchSideList(list: SideList): Promise<Story[]> {
  switch (list) {
    case 'trending':
      return (await apiFetch<TrendingResponse>('/stories/trending', open)).trendingStories
    case 'mostliked':
      return (await apiFetch<MostLikedResponse>('/stories/mostliked', open)).mostLikedStories
    case 'mostviewed':
      return (await apiFetch<MostViewedResponse>('/stories/mostviewed', open)).mostViewedStories
    case 'recent':
      return (await apiFetch<RecentResponse>('/stories/recent', open)).recentStories
  }
}

export const fetchStory = (id: string) => apiFetch<StoryResponse>(`/stories/${encodeURIComponent(id)}`)
export const fetchUserStories = (userId: string) => apiFetch<StoriesResponse>(`/${encodeURIComponent(userId)}/stories`)
export const fetchSaved = () => apiFetch<SavedPostsResponse>('/user/stories/saved')
export const fetchDrafts = () => apiFetch<DraftsResponse>('/user/stories/drafts')
export const fetchDraft = (id: string) => apiFetch<DraftResponse>(`/user/stories/drafts/${encodeURIComponent(id)}`)
