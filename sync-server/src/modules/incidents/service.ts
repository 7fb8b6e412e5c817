import {
  ErrorCode,
  ErrorMessages,
  type HeatmapQuery,
  type HeatmapResponse,
  INCIDENT_CLOCK_SKEW_MINUTES,
  INCIDENT_GRID_METERS,
  INCIDENT_MAX_AGE_DAYS,
  type IncidentBody,
  IncidentMessages,
} from '@wings/contract'
import type { AttemptLimit } from '../../attempt-limit.ts'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import { incidentWeight, type RegionSignals } from '../region/signals.ts'
import { parseBbox } from './bbox.ts'
import { floorToHour, snapToGrid } from './grid.ts'
import type { IncidentsRepo } from './repo.ts'

const DAY_MS = 86_400_000
/** The heatmap answers at most this many cells, the heaviest first. */
export const HEATMAP_MAX_CELLS = 5000

interface Deps {
  repo: IncidentsRepo
  /** Per client (IP, in memory only), shared by POST /api/incidents and the 'incident.report' op. */
  limit: AttemptLimit
  /** The loaded region's signals, or null without a region (reports are still stored). */
  signals: RegionSignals | null
  transact: Transact
  now?: () => number
}

const invalid = (message: string) => new HttpError(400, ErrorCode.validation, message)

export function createIncidentsService({ repo, limit, signals, transact, now = Date.now }: Deps) {
  return {
    /**
     * Stores an anonymous report: the position snapped to the grid and the time floored to the hour before it is
     * written, no user, IP or user agent at all (`client` only keys the in-memory rate limit). Used by the REST
     * route and the 'incident.report' op alike. It waits in the queue for a publishing batch: the heatmap and the
     * region's risk change then, never at the moment it is made, which would tell who made it.
     */
    report(body: IncidentBody, client: string): void {
      const at = now()
      const occurred = Date.parse(body.occurredAt)
      if (!Number.isFinite(occurred)) throw invalid(IncidentMessages.occurredAt)
      if (occurred > at + INCIDENT_CLOCK_SKEW_MINUTES * 60_000) throw invalid(IncidentMessages.inFuture)
      if (occurred < at - INCIDENT_MAX_AGE_DAYS * DAY_MS) throw invalid(IncidentMessages.tooOld)
      const waitSeconds = limit.attempt(client)
      if (waitSeconds > 0) {
        throw new HttpError(429, ErrorCode.rateLimited, ErrorMessages.tooManyRequests, {
          'retry-after': String(waitSeconds),
        })
      }
      const { lat, lon } = snapToGrid(body.lat, body.lon)
      // A report up to the allowed skew ahead is stored as now, never in the future.
      const occurredAt = floorToHour(Math.min(occurred, at))
      const description = body.description?.trim() || null
      repo.queue({ id: newId(), category: body.category, lat, lon, occurredAt, description })
    },

    /** One publishing batch (app.ts runs them at random intervals): see IncidentsRepo.publishBatch. */
    publishBatch(): void {
      const published = transact(() => repo.publishBatch())
      for (const r of published) {
        signals?.addIncident({ category: r.category, lat: r.lat, lon: r.lon, occurredAtMs: Date.parse(r.occurredAt) })
      }
    },

    /** Weighted cells in the bbox since `since` (default a year ago): each report decays with the half-life. */
    heatmap(query: HeatmapQuery): HeatmapResponse {
      const box = parseBbox(query.bbox)
      const at = now()
      let since = at - INCIDENT_MAX_AGE_DAYS * DAY_MS
      if (query.since !== undefined) {
        since = Date.parse(query.since)
        if (!Number.isFinite(since)) throw invalid(IncidentMessages.since)
      }
      const cells = new Map<string, { lat: number; lon: number; weight: number }>()
      for (const r of repo.inBox(box, new Date(since).toISOString())) {
        const key = `${r.lat},${r.lon}`
        const cell = cells.get(key) ?? { lat: r.lat, lon: r.lon, weight: 0 }
        cell.weight += incidentWeight(r.category, Date.parse(r.occurredAt), at)
        cells.set(key, cell)
      }
      const list = [...cells.values()]
        .sort((a, b) => b.weight - a.weight)
        .slice(0, HEATMAP_MAX_CELLS)
        .map((c) => ({ ...c, weight: Math.round(c.weight * 10_000) / 10_000 }))
      return { cells: list, cellMeters: INCIDENT_GRID_METERS }
    },

    /** Reloads every report within the horizon into the region's signals (at start and periodically). */
    reloadSignals(horizonDays: number): void {
      if (!signals) return
      const rows = repo.since(new Date(now() - horizonDays * DAY_MS).toISOString())
      signals.setIncidents(
        rows.map((r) => ({ category: r.category, lat: r.lat, lon: r.lon, occurredAtMs: Date.parse(r.occurredAt) })),
      )
    },
  }
}

export type IncidentsService = ReturnType<typeof createIncidentsService>
