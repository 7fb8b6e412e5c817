/**
 * The planner's use of the phone: while the planner is open and online, the kept bundles are refreshed and the areas
 * she asked for offline are fetched; `find` races the server and the phone (race.ts); `keepAround` keeps the area
 * around a trip or around her, saying only whether storage was full.
 */
import type { FoundRoute, RouteFindBody } from '@wings/contract'
import { useEffect, useRef } from 'react'
import { boxAround } from './boxes.ts'
import { KeepError, keepArea, keepWanted, type RegionRef, refreshKept, wantArea } from './keep.ts'
import { planOnPhone } from './onPhone.ts'
import { raceRoutes } from './race.ts'

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false

/** `region`: the region as the phone knows it (null while unknown: then nothing is fetched). */
export function usePhonePlanner(region: RegionRef | null) {
  const current = useRef(region)
  current.current = region
  const importedAt = region?.importedAt

  useEffect(() => {
    if (!importedAt) return
    const run = () => {
      const known = current.current
      if (!known || !isOnline()) return
      void refreshKept(known)
        .then(() => keepWanted(known))
        .catch(() => undefined)
    }
    run()
    window.addEventListener('online', run)
    return () => window.removeEventListener('online', run)
  }, [importedAt])

  return {
    find(body: RouteFindBody, server: () => Promise<FoundRoute[]>, onServerLater: (routes: FoundRoute[]) => void) {
      return raceRoutes({
        online: isOnline(),
        server,
        phone: () => planOnPhone(body, current.current?.importedAt ?? ''),
        onServerLater,
      })
    },
    /** Keeps the area around the points (online only); answers 'space' when storage was full. */
    async keepAround(points: [number, number][], meters: number): Promise<'space' | null> {
      const known = current.current
      if (!known || !isOnline()) return null
      try {
        await keepArea(boxAround(points, meters), { kind: 'auto', region: known })
        return null
      } catch (error) {
        return error instanceof KeepError && error.reason === 'space' ? 'space' : null
      }
    },
    /** Remembers the trip's area, to keep it when she is online again. */
    want(points: [number, number][], meters: number): Promise<void> {
      return wantArea(boxAround(points, meters))
    },
  }
}
