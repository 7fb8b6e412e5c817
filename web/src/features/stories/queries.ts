/**
 * The blog's public lists as TanStack queries: one definition for the screens (useStories.ts) and for the /blog
 * route's loader, which starts the request while the screen's own code is still on its way to a slow phone.
 * Each answer is stored in Dexie, which the screens render from (offline-first), with the time its request was sent
 * (a change of hers the server did not have yet then stays as she made it).
 */
import { queryOptions } from '@tanstack/react-query'
import { cacheList, feedListKey } from '../../db/stories.ts'
import { fetchFeed, fetchSideList, type SideList } from './api.ts'

/** One feed page (1-based): answers its page count once the page is stored under feedListKey(page). */
export const feedQuery = (page: number) =>
  queryOptions({
    queryKey: ['stories', 'feed', page],
    queryFn: async () => {
      const since = Date.now()
      const answer = await fetchFeed(page)
      await cacheList(feedListKey(page), answer.stories, { totalPages: answer.totalPages }, since)
      return answer.totalPages
    },
  })

/** A sidebar list (trending, most liked, most viewed, recent): answers how many stories were stored. */
export const sideListQuery = (list: SideList) =>
  queryOptions({
    queryKey: ['stories', list],
    queryFn: async () => {
      const since = Date.now()
      const stories = await fetchSideList(list)
      await cacheList(list, stories, {}, since)
      return stories.length
    },
  })
