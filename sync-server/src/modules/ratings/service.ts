import {
  ErrorCode,
  ErrorMessages,
  IncidentMessages,
  type RouteRateBody,
  type TipsQuery,
  type TipsResponse,
} from '@wings/contract'
import { decodePolyline } from '@wings/routing'
import type { AttemptLimit } from '../../attempt-limit.ts'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import { parseBbox } from '../incidents/bbox.ts'
import { floorToHour, snapToGrid } from '../incidents/grid.ts'
import type { RegionService } from '../region/service.ts'
import { matchRoute, type RegionSignals, ratingValue } from '../region/signals.ts'
import type { RatingsRepo } from './repo.ts'

interface Deps {
  repo: RatingsRepo
  regions: RegionService
  signals: RegionSignals | null
  /** Per client (IP, in memory only), shared by POST /api/route/rate and the 'route.rate' op. */
  limit: AttemptLimit
  transact: Transact
  now?: () => number
}

const invalidGeometry = () => new HttpError(400, ErrorCode.validation, IncidentMessages.geometry)

function decode(geometry: string): [number, number][] {
  let points: [number, number][]
  try {
    points = decodePolyline(geometry)
  } catch {
    throw invalidGeometry()
  }
  if (points.length < 2) throw invalidGeometry()
  for (const [lat, lon] of points) {
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      throw invalidGeometry()
    }
  }
  return points
}

export function createRatingsService({ repo, regions, signals, limit, transact, now = Date.now }: Deps) {
  return {
    /**
     * Matches the rated route onto the region's edges (signals.ts matchRoute), adds the rating to their sums and
     * stores the rating and tip at the route's middle, snapped to the grid. The route itself is not stored.
     * Anonymous like incident reports; `client` only keys the in-memory rate limit.
     */
    rate(body: RouteRateBody, client: string): void {
      const region = regions.require()
      const points = decode(body.geometry)
      const { edges, midpoint } = matchRoute(region.graph, points, body.mode)
      if (edges.length === 0) throw new HttpError(422, ErrorCode.outsideRegion, IncidentMessages.routeNotMatched)
      const waitSeconds = limit.attempt(client)
      if (waitSeconds > 0) {
        throw new HttpError(429, ErrorCode.rateLimited, ErrorMessages.tooManyRequests, {
          'retry-after': String(waitSeconds),
        })
      }
      const { lat, lon } = snapToGrid(midpoint[0], midpoint[1])
      const value = ratingValue(body.rating)
      transact(() => {
        repo.insert({
          id: newId(),
          mode: body.mode,
          rating: body.rating,
          tip: body.tip?.trim() || null,
          lat,
          lon,
          createdAt: floorToHour(now()),
        })
        repo.addToEdges(region.meta.importedAt, edges, value)
      })
      signals?.addRating(edges, body.rating)
    },

    tips(query: TipsQuery): TipsResponse {
      return { tips: repo.tips(parseBbox(query.bbox)) }
    },

    /** Loads the current import's edge sums into the region's signals (at start). */
    reloadSignals(): void {
      const region = signals && regions.require()
      if (!signals || !region) return
      signals.setRatings(repo.edgeSums(region.meta.importedAt))
    },
  }
}

export type RatingsService = ReturnType<typeof createRatingsService>
