import { ErrorCode, type RegionInfo, RegionMessages } from '@wings/contract'
import { HttpError } from '../../http-error.ts'
import type { Region } from './region.ts'
import { createRegionWork, type RegionWork, type RegionWorkOptions } from './work.ts'

export function createRegionService(region: Region | null, tileUrl: string, workers: RegionWorkOptions = {}) {
  /** The loaded region, or 503 'No region imported yet'. */
  const require = (): Region => {
    if (!region) throw new HttpError(503, ErrorCode.unavailable, RegionMessages.noRegion)
    return region
  }
  // Its threads start on the first task.
  const work = region ? createRegionWork(region, workers) : null
  return {
    require,
    /** The region's workers (work.ts), or 503 'No region imported yet'. */
    work(): RegionWork {
      require()
      return work as RegionWork
    },
    /** Tasks the workers would take now; without a region nothing is ever queued. */
    room(): number {
      return work ? work.room() : Number.POSITIVE_INFINITY
    },
    info(): RegionInfo {
      const { meta } = require()
      return {
        name: meta.name,
        bbox: meta.bbox,
        attribution: meta.attribution,
        dataDate: meta.dataDate,
        importedAt: meta.importedAt,
        tileUrl,
        outline: meta.outline ?? { type: 'MultiPolygon', coordinates: [] },
      }
    },
    /** Stops the workers (when the app closes). */
    async close(): Promise<void> {
      await work?.close()
    },
  }
}

export type RegionService = ReturnType<typeof createRegionService>
