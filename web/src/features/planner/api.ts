import { ErrorCode, type RouteFindBody, type RouteFindResponse } from '@wings/contract'
import { ApiError, callApi, messageOf } from '../../api/client.ts'
import { pointOutside } from '../places/index.ts'
import { t } from './messages.ts'

/** POST /api/route/find (spec: source, destination, mode; the answer's routes). */
export async function findRoutes(body: RouteFindBody, signal?: AbortSignal): Promise<RouteFindResponse['routes']> {
  const answer = await callApi('routeFind', { body, ...(signal ? { signal } : {}) })
  return answer.routes
}

/** What to tell her when route finding fails: outside the map in the app's words, the server's reason, else ours. */
export function routeFindProblem(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return t('findOffline')
  if (error instanceof ApiError && error.code === ErrorCode.outsideRegion) return pointOutside()
  // The server's reason comes in her language (api/errorText.ts).
  return messageOf(error, t('findFailed'))
}

/** The address nearest the point, or null when the server has none (the start then shows the coordinates). */
export async function reverseGeocode(lat: number, lon: number): Promise<string | null> {
  try {
    const answer = await callApi('geocodeReverse', { query: { lat, lon } })
    return answer.display_name || null
  } catch {
    return null
  }
}
