import { ErrorCode, type RegionInfo, RegionMessages } from '@wings/contract'
import { HttpError } from '../../http-error.ts'
import type { Region } from './region.ts'

export function createRegionService(region: Region | null, tileUrl: string) {
  /** The loaded region, or 503 'No region imported yet'. */
  const require = (): Region => {
    if (!region) throw new HttpError(503, ErrorCode.unavailable, RegionMessages.noRegion)
    return region
  }
  return {
    require,
    info(): RegionInfo {
      const { meta } = require()
      return {
        name: meta.name,
        bbox: meta.bbox,
        attribution: meta.attribution,
        dataDate: meta.dataDate,
        importedAt: meta.importedAt,
        tileUrl,
      }
    },
  }
}

export type RegionService = ReturnType<typeof createRegionService>
