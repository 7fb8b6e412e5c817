import type { Db } from '../sync-server/src/db/connection.ts'
import { floorToHour, snapToGrid } from '../sync-server/src/modules/incidents/grid.ts'
import { createIncidentsRepo, type IncidentsRepo } from '../sync-server/src/modules/incidents/repo.ts'

const REPORTS = 300
const CATEGORIES = ['harassment', 'theft', 'poor lighting', 'stalking', 'assault'] as const

/**
 * What a city's region holds a year in, so that risks and "incidents nearby" are not all zeros: 300 published reports
 * over `box` ([west, south, east, north]) in the year before now, stored as the service stores a report (its grid
 * point and hour). Ids start with `idPrefix` (5 letters).
 */
export function publishYearOfReports(
  db: Db,
  [minLon, minLat, maxLon, maxLat]: readonly [number, number, number, number],
  random: () => number,
  idPrefix: string,
): IncidentsRepo {
  const incidents = createIncidentsRepo(db)
  for (let i = 0; i < REPORTS; i++)
    incidents.queue({
      id: `${idPrefix}${String(i).padStart(24 - idPrefix.length, '0')}`,
      category: CATEGORIES[i % CATEGORIES.length] ?? 'other',
      ...snapToGrid(minLat + random() * (maxLat - minLat), minLon + random() * (maxLon - minLon)),
      occurredAt: floorToHour(Date.now() - Math.floor(random() * 365 * 24) * 3_600_000),
      description: null,
    })
  // A report made in one batch is published by the next (docs/community-signals.md).
  incidents.publishBatch()
  incidents.publishBatch()
  return incidents
}
