import { ErrorCode, type RouteFindBody, type RouteFindResponse } from '@wings/contract'
import { ApiError, callApi, messageOf } from '../../api/client.ts'
import type { PhoneProblem } from '../offline-planner/index.ts'
import { pointOutside } from '../places/index.ts'
import { t } from './messages.ts'

/** POST /api/route/find (spec: source, destination, mode; the answer's routes). */
export async function findRoutes(body: RouteFindBody, signal?: AbortSignal): Promise<RouteFindResponse['routes']> {
  const answer = await callApi('routeFind', { body, ...(signal ? { signal } : {}) })
  return answer.routes
}

/** What to tell her when route finding fails: outside the map in the app's words, the server's reason, else ours. */
export function routeFindProblem(error: unknown): string {
  if (isPhoneProblem(error)) return phoneProblem(error)
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

const OUTSIDE_KEPT = { source: 'outsideStart', destination: 'outsideDestination', both: 'outsideBoth' } as const

/**
 * The offline planner's PhoneRouteError, told by its name: importing the class would bring the offline planner into
 * every screen that finds routes (check-in, nearby's way).
 */
export const isPhoneProblem = (error: unknown): error is Error & { problem: PhoneProblem } =>
  error instanceof Error && error.name === 'PhoneRouteError' && 'problem' in error

/** Why the phone could not plan the trip from the data it keeps (it shows no route then). */
function phoneProblem({ problem }: { problem: PhoneProblem }): string {
  switch (problem.code) {
    case 'outside':
      return t(OUTSIDE_KEPT[problem.end])
    case 'stale':
      return t('keptStale')
    case 'corrupt':
      return t('keptDamaged')
    case 'none':
      return t('findOffline')
    case 'refused':
      // The server's own refusal for the same trip, in her language (offline-planner/client.ts).
      return problem.errorCode === ErrorCode.outsideRegion ? pointOutside() : problem.message || t('findFailed')
    default:
      return t('findFailed')
  }
}
