/**
 * Online, the server plans; when it has not answered within PHONE_AFTER_MS, or cannot be reached, the phone plans
 * too, and the first valid answer is shown. A server answer arriving after the phone's may replace it (onServerLater).
 * Offline, only the phone. A refusal of the server's (a 4xx: outside the region, a bad time) is its answer.
 */
import type { FoundRoute } from '@wings/contract'
import { ApiError } from '../../api/client.ts'
import { PhoneRouteError } from './client.ts'
import type { PhoneRoutes } from './onPhone.ts'

export const PHONE_AFTER_MS = 3000

export interface RaceResult {
  routes: FoundRoute[]
  /** Set when the phone planned them: the date of its map data. */
  onPhone: { dataDate: string } | null
}

export interface RaceInput {
  online: boolean
  server: () => Promise<FoundRoute[]>
  phone: () => Promise<PhoneRoutes>
  onServerLater?: (routes: FoundRoute[]) => void
  waitMs?: number
}

/** The server could not answer (no network, its own failure): the phone's answer or reason is the better one. */
const unreachable = (error: unknown) => error instanceof ApiError && (error.isNetwork || error.status >= 500)
/** The phone keeps nothing: the server's failure (or 'needs a connection') says more. */
const keepsNothing = (error: unknown) => error instanceof PhoneRouteError && error.problem.code === 'none'

export function raceRoutes({ online, server, phone, onServerLater, waitMs = PHONE_AFTER_MS }: RaceInput) {
  return new Promise<RaceResult>((resolve, reject) => {
    let settled = false
    let phoneState: 'idle' | 'running' | 'done' = 'idle'
    let serverState: 'running' | 'done' = online ? 'running' : 'done'
    let serverError: unknown = null
    let phoneError: unknown = null
    const win = (result: RaceResult) => {
      settled = true
      resolve(result)
    }
    const failIfDone = () => {
      if (settled || serverState !== 'done' || phoneState === 'running') return
      settled = true
      const useServer =
        serverError !== null && (phoneError === null || keepsNothing(phoneError) || !unreachable(serverError))
      reject(useServer ? serverError : phoneError)
    }
    const startPhone = () => {
      if (phoneState !== 'idle') return
      phoneState = 'running'
      phone().then(
        ({ routes, dataDate }) => {
          phoneState = 'done'
          if (!settled) win({ routes, onPhone: { dataDate } })
        },
        (error: unknown) => {
          phoneState = 'done'
          phoneError = error
          failIfDone()
        },
      )
    }
    if (!online) {
      startPhone()
      return
    }
    const timer = setTimeout(startPhone, waitMs)
    server().then(
      (routes) => {
        serverState = 'done'
        clearTimeout(timer)
        if (!settled) win({ routes, onPhone: null })
        else onServerLater?.(routes)
      },
      (error: unknown) => {
        serverState = 'done'
        clearTimeout(timer)
        serverError = error
        if (unreachable(error)) startPhone()
        failIfDone()
      },
    )
  })
}
