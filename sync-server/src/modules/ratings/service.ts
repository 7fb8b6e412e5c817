import {
  ErrorCode,
  ErrorMessages,
  IncidentMessages,
  type RouteRateBody,
  type TipsQuery,
  type TipsResponse,
} from '@wings/contract'
import type { AttemptLimit } from '../../attempt-limit.ts'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import { parseBbox } from '../incidents/bbox.ts'
import { floorToHour, snapToGrid } from '../incidents/grid.ts'
import type { RouteMatch } from '../region/route-match.ts'
import type { RegionService } from '../region/service.ts'
import { type RegionSignals, ratingValue } from '../region/signals.ts'
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

export function createRatingsService({ repo, regions, signals, limit, transact, now = Date.now }: Deps) {
  /**
   * Counts the rating against the client's limit, then decodes and map-matches the route on a region worker
   * (region/tasks.ts matchGeometry): no polyline is decoded for a client over its limit. The task is handed to the
   * workers before the first await (sync/service.ts relies on it).
   */
  async function match(body: RouteRateBody, client: string): Promise<RouteMatch> {
    const work = regions.work()
    const waitSeconds = limit.attempt(client)
    if (waitSeconds > 0) {
      throw new HttpError(429, ErrorCode.rateLimited, ErrorMessages.tooManyRequests, {
        'retry-after': String(waitSeconds),
      })
    }
    const matched = await work.match(body.geometry, body.mode)
    if (!matched) throw new HttpError(400, ErrorCode.validation, IncidentMessages.geometry)
    if (matched.edges.length === 0) {
      throw new HttpError(422, ErrorCode.outsideRegion, IncidentMessages.routeNotMatched)
    }
    return matched
  }

  /**
   * Queues the rating, its tip at the route's middle snapped to the grid, and the matched edges for a publishing batch
   * (publishBatch): the route itself is not stored. Anonymous like incident reports, and published in batches like
   * them, so that no street's score or tip changes at the moment someone rates.
   */
  function save(body: RouteRateBody, { edges, midpoint }: RouteMatch): void {
    const region = regions.require()
    const { lat, lon } = snapToGrid(midpoint[0], midpoint[1])
    repo.queue({
      id: newId(),
      mode: body.mode,
      rating: body.rating,
      tip: body.tip?.trim() || null,
      lat,
      lon,
      createdAt: floorToHour(now()),
      region: region.meta.importedAt,
      edges: [...edges],
    })
  }

  /**
   * One publishing batch (app.ts runs them at random intervals): the ratings that waited a batch already are added to
   * their edges' sums, and their tips shown; their edges are deleted. The others have now waited one.
   */
  function publishBatch(): void {
    const published = transact(() => {
      const rows = repo.waited()
      for (const { region, edges, ...row } of rows) {
        repo.insert(row)
        repo.addToEdges(region, edges, ratingValue(row.rating))
      }
      repo.endBatch()
      return rows
    })
    const current = signals && regions.require().meta.importedAt
    for (const row of published) if (row.region === current) signals?.addRating(row.edges, row.rating)
  }

  return {
    match,
    save,
    publishBatch,

    /** POST /api/route/rate: `client` only keys the in-memory rate limit. */
    async rate(body: RouteRateBody, client: string): Promise<void> {
      save(body, await match(body, client))
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
