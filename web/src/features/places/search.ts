import { ErrorCode, type GeocodeResult } from '@wings/contract'
import { useEffect, useState } from 'react'
import { ApiError, callApi } from '../../api/client.ts'
import { t } from './messages.ts'

/** Spec: suggestions only when the text is at least 3 characters, after a 400 ms pause, at most 5 shown. */
export const SEARCH_MIN_CHARS = 3
export const SEARCH_DELAY_MS = 400
export const MAX_SUGGESTIONS = 5

export type Place = Pick<GeocodeResult, 'place_id' | 'display_name' | 'lat' | 'lon'> & Partial<GeocodeResult>

/** GET /api/geocode/search: at most MAX_SUGGESTIONS places with numeric coordinates. */
export async function searchPlaces(text: string, signal?: AbortSignal): Promise<Place[]> {
  const query = { q: text.trim(), limit: MAX_SUGGESTIONS }
  const answer: unknown = await callApi('geocodeSearch', { query, ...(signal ? { signal } : {}) })
  if (!Array.isArray(answer)) return []
  const seen = new Set<string>()
  return (answer as Place[])
    .filter((p) => {
      if (!p || typeof p.display_name !== 'string' || !Number.isFinite(p.lat) || !Number.isFinite(p.lon)) return false
      const key = String(p.place_id)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .slice(0, MAX_SUGGESTIONS)
}

/**
 * Places of the map data kept on this phone (offline-planner/searchKept.ts, loaded only now: never on '/'); null when
 * nothing is kept for the region's current import, or the phone could not search it.
 */
async function searchKeptPlaces(text: string): Promise<Place[] | null> {
  try {
    const { searchKept } = await import('../offline-planner/searchKept.ts')
    return await searchKept(text.trim(), { limit: MAX_SUGGESTIONS })
  } catch {
    return null
  }
}

/**
 * 'outside': the server says the place is outside the region; 'empty': it found nothing of that name; 'kept' and
 * 'keptEmpty': with no connection, what the map data kept on this phone has; 'offline': no connection, nothing kept.
 */
export type SearchStatus =
  | 'idle'
  | 'loading'
  | 'done'
  | 'empty'
  | 'outside'
  | 'kept'
  | 'keptEmpty'
  | 'offline'
  | 'error'

export interface SearchState {
  places: Place[]
  status: SearchStatus
}

const IDLE: SearchState = { places: [], status: 'idle' }

/** The planner's pause before searching (spec: more than 2 characters, 300 ms). */
export const PLANNER_SEARCH_DELAY_MS = 300

/** The server's places; when it cannot be reached (offline, or no network), the kept ones. */
async function search(q: string, signal: AbortSignal): Promise<SearchState> {
  try {
    const places = await searchPlaces(q, signal)
    return { places, status: places.length > 0 ? 'done' : 'empty' }
  } catch (error) {
    if (signal.aborted) return IDLE
    if (error instanceof ApiError && error.code === ErrorCode.outsideRegion) return { places: [], status: 'outside' }
    const offline = navigator.onLine === false || (error instanceof ApiError && error.isNetwork)
    if (!offline) return { places: [], status: 'error' }
  }
  const kept = await searchKeptPlaces(q)
  if (!kept) return { places: [], status: 'offline' }
  return { places: kept, status: kept.length > 0 ? 'kept' : 'keptEmpty' }
}

/**
 * Debounced place search: nothing for under SEARCH_MIN_CHARS characters; otherwise one request `delayMs` after the
 * last keystroke (an older request still under way is aborted). With no connection it searches the kept places.
 */
export function usePlaceSearch(term: string, delayMs = SEARCH_DELAY_MS): SearchState {
  const [state, setState] = useState<SearchState>(IDLE)
  useEffect(() => {
    const q = term.trim()
    if (q.length < SEARCH_MIN_CHARS) {
      setState(IDLE)
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setState((s) => ({ places: s.places, status: 'loading' }))
      void search(q, controller.signal).then((found) => {
        if (!controller.signal.aborted) setState(found)
      })
    }, delayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [term, delayMs])
  return state
}

/** What the search says under the box, in her language ('' when there is nothing to say). */
export function searchStatusText(status: SearchStatus, count: number): string {
  switch (status) {
    case 'loading':
      return t('searching')
    case 'done':
      return t('suggestions', { count })
    case 'empty':
      return t('searchNothing')
    case 'outside':
      return t('searchOutside')
    case 'kept':
      return t('keptSuggestions', { count })
    case 'keptEmpty':
      return t('keptNothing')
    case 'offline':
      return t('searchOffline')
    case 'error':
      return t('searchError')
    default:
      return ''
  }
}
