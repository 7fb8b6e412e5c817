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

/** 'outside': the server says the place is outside the region; 'empty': it found nothing of that name. */
export type SearchStatus = 'idle' | 'loading' | 'done' | 'empty' | 'outside' | 'offline' | 'error'

export interface SearchState {
  places: Place[]
  status: SearchStatus
}

const IDLE: SearchState = { places: [], status: 'idle' }

/** The planner's pause before searching (spec: more than 2 characters, 300 ms). */
export const PLANNER_SEARCH_DELAY_MS = 300

/**
 * Debounced place search: nothing for under SEARCH_MIN_CHARS characters; otherwise one request `delayMs` after the
 * last keystroke (an older request still under way is aborted).
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
      searchPlaces(q, controller.signal).then(
        (places) => {
          if (!controller.signal.aborted) setState({ places, status: places.length > 0 ? 'done' : 'empty' })
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          const offline = navigator.onLine === false || (error instanceof ApiError && error.isNetwork)
          const outside = error instanceof ApiError && error.code === ErrorCode.outsideRegion
          setState({ places: [], status: outside ? 'outside' : offline ? 'offline' : 'error' })
        },
      )
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
    case 'offline':
      return t('searchOffline')
    case 'error':
      return t('searchError')
    default:
      return ''
  }
}
