/**
 * Reading the blog offline-first: the screens render the Dexie copy (live, so a like or a post written here shows
 * at once), and a TanStack query asks the server for a fresh copy and stores it in Dexie ("network, then cache").
 * Offline, the query fails quietly and the stored copy stays on screen.
 */
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { ApiError } from '../../api/client.ts'
import { type DraftRow, db, type StoryRow } from '../../db/db.ts'
import {
  type CachedList,
  cacheDrafts,
  cacheMyStories,
  cacheStories,
  draftRow,
  feedListKey,
  onStoriesSent,
  pendingOps,
  readList,
} from '../../db/stories.ts'
import { fetchDraft, fetchDrafts, fetchSaved, fetchStory, fetchUserStories, type SideList } from './api.ts'
import { feedQuery, sideListQuery } from './queries.ts'

export interface Loaded<T> {
  /** The stored copy: undefined while Dexie is read, null when there is none. */
  data: T | undefined | null
  /** The server could not be reached (the stored copy, if any, is shown). */
  offline: boolean
  /** The server answered an error (not a network failure). */
  error: ApiError | null
  /** The server answered 404 (for one story or draft). */
  notFound: boolean
  /** A server read is under way. */
  fetching: boolean
  /** No copy to show yet, and no reason there will be none (offline, an error): the screen is still on its way. */
  loading: boolean
}

function statusOf(error: unknown): Pick<Loaded<unknown>, 'offline' | 'error' | 'notFound'> {
  if (!error) return { offline: false, error: null, notFound: false }
  if (error instanceof ApiError) {
    if (error.isNetwork) return { offline: true, error: null, notFound: false }
    return { offline: false, error, notFound: error.status === 404 }
  }
  return { offline: true, error: null, notFound: false }
}

function loaded<T>(
  data: T | undefined | null,
  query: { isFetching: boolean; isPaused: boolean; error: unknown },
): Loaded<T> {
  const status = statusOf(query.error)
  // A query paused by the browser being offline is offline too (TanStack waits for the network to come back).
  const offline = status.offline || query.isPaused
  return { data, fetching: query.isFetching, ...status, offline, loading: !data && !offline && status.error === null }
}

/** One subscription per query client, however many blog hooks are mounted. */
const refreshing = new Map<QueryClient, { users: number; stop: () => void }>()

/**
 * Once the server has her story ops (sent from here, another tab or the service worker), the blog's reads are done
 * again: the feed, the sidebar lists and the counts then show what the server made of them (a new story in Trending,
 * an op it refused undone). Reads sent before it answered cannot overwrite her change (pendingOps' `since`).
 */
function useRefreshWhenSent(): void {
  const client = useQueryClient()
  useEffect(() => {
    let entry = refreshing.get(client)
    if (!entry) {
      entry = { users: 0, stop: onStoriesSent(() => void client.invalidateQueries({ queryKey: ['stories'] })) }
      refreshing.set(client, entry)
    }
    entry.users++
    const mine = entry
    return () => {
      mine.users--
      if (mine.users > 0) return
      mine.stop()
      refreshing.delete(client)
    }
  }, [client])
}

/** One feed page (1-based). */
export function useFeedPage(page: number): Loaded<CachedList> {
  useRefreshWhenSent()
  const key = feedListKey(page)
  const query = useQuery(feedQuery(page))
  const data = useLiveQuery(() => readList(key), [key])
  return loaded(data, query)
}

/** A sidebar list (trending, most liked, most viewed, recent). */
export function useSideList(list: SideList, enabled = true): Loaded<CachedList> {
  useRefreshWhenSent()
  const query = useQuery({ ...sideListQuery(list), enabled })
  const data = useLiveQuery(() => readList(list), [list])
  return loaded(data, query)
}

/** One story: the stored copy, refreshed from the server. A story written here and not yet sent is not "not found". */
export function useStory(id: string): Loaded<StoryRow> {
  useRefreshWhenSent()
  const query = useQuery({
    queryKey: ['stories', 'one', id],
    queryFn: async () => {
      const since = Date.now()
      try {
        const { story } = await fetchStory(id)
        await db.transaction('rw', db.stories, db.outbox, async () => cacheStories([story], await pendingOps(since)))
        return true
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          // A story published here that the server did not have yet when it was asked is not gone.
          const pending = await pendingOps(since)
          if (pending.stories.get(id)?.has('story.create')) return false
          await db.stories.delete(id)
        }
        throw error
      }
    },
  })
  const data = useLiveQuery(async () => (await db.stories.get(id)) ?? null, [id])
  return loaded(data, query)
}

/** Her own stories, newest first (My posts), anonymous ones included. */
export function useMyStories(userId: string): Loaded<StoryRow[]> {
  useRefreshWhenSent()
  const query = useQuery({
    queryKey: ['stories', 'mine', userId],
    queryFn: async () => {
      const since = Date.now()
      const { stories } = await fetchUserStories(userId)
      await cacheMyStories(userId, stories, since)
      return stories.length
    },
  })
  const data = useLiveQuery(
    async () => (await db.stories.where('authorId').equals(userId).sortBy('createdAt')).reverse(),
    [userId],
  )
  return loaded(data, query)
}

/** Her drafts, last saved first. */
export function useDrafts(userId: string): Loaded<DraftRow[]> {
  const query = useQuery({
    queryKey: ['drafts', userId],
    queryFn: async () => {
      const { drafts } = await fetchDrafts()
      await cacheDrafts(userId, drafts)
      return drafts.length
    },
  })
  const data = useLiveQuery(
    async () => (await db.drafts.where('userId').equals(userId).sortBy('updatedAt')).reverse(),
    [userId],
  )
  return loaded(data, query)
}

/** One draft: the stored copy (written here or read before), refreshed from the server unless a save is waiting. */
export function useDraft(userId: string, id: string): Loaded<DraftRow> {
  const query = useQuery({
    queryKey: ['drafts', userId, id],
    queryFn: async () => {
      const pending = await pendingOps()
      if (pending.drafts.has(id)) return false
      try {
        const { draft } = await fetchDraft(id)
        await db.transaction('rw', db.drafts, db.outbox, async () => {
          if (!(await pendingOps()).drafts.has(id)) await db.drafts.put(draftRow(userId, draft))
        })
        return true
      } catch (error) {
        if (error instanceof ApiError && error.status === 404 && (await db.drafts.get(id))) return false
        throw error
      }
    },
  })
  const data = useLiveQuery(async () => (await db.drafts.get(id)) ?? null, [id])
  return loaded(data, query)
}

export interface SavedItem {
  _id: string
  title: string
}

/**
 * Her saved posts, newest save first: the ids from her stored user (so a save made offline shows at once), the
 * titles from the stored stories or the server's saved list.
 */
export function useSavedPosts(userId: string, savedIds: readonly string[] | undefined): Loaded<SavedItem[]> {
  useRefreshWhenSent()
  const key = `saved:${userId}`
  const query = useQuery({
    queryKey: ['stories', 'saved', userId],
    queryFn: async () => {
      const { savedPosts } = await fetchSaved()
      await db.storyLists.put({
        key,
        ids: savedPosts.map((p) => p._id),
        titles: Object.fromEntries(savedPosts.map((p) => [p._id, p.title])),
        savedAt: Date.now(),
      })
      return savedPosts.length
    },
  })
  const idsKey = savedIds?.join(',') ?? ''
  const data = useLiveQuery(async () => {
    const list = await db.storyLists.get(key)
    const ids = savedIds ?? list?.ids
    if (!ids) return null
    const stored = await db.stories.bulkGet([...ids])
    // No title known: '' (the list says 'Untitled post' in her language).
    return ids.map((id, i) => ({ _id: id, title: stored[i]?.title ?? list?.titles?.[id] ?? '' }))
  }, [key, idsKey])
  return loaded(data, query)
}
