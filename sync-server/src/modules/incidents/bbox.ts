import { BBOX_MAX_KM2, ErrorCode, IncidentMessages } from '@wings/contract'
import { bboxKm2 } from '@wings/geo'
import { HttpError } from '../../http-error.ts'
import type { BboxBounds } from './grid.ts'

/** Parses 'minLon,minLat,maxLon,maxLat' (its shape already checked by the schema): ranges, order, area, else 400. */
export function parseBbox(text: string): BboxBounds {
  const [minLon, minLat, maxLon, maxLat] = text.split(',').map((part) => Number(part.trim())) as [
    number,
    number,
    number,
    number,
  ]
  const lonOk = (x: number) => Number.isFinite(x) && x >= -180 && x <= 180
  const latOk = (x: number) => Number.isFinite(x) && x >= -90 && x <= 90
  if (!lonOk(minLon) || !lonOk(maxLon) || !latOk(minLat) || !latOk(maxLat) || minLon >= maxLon || minLat >= maxLat) {
    throw new HttpError(400, ErrorCode.validation, IncidentMessages.bbox)
  }
  if (bboxKm2([minLon, minLat, maxLon, maxLat]) > BBOX_MAX_KM2)
    throw new HttpError(400, ErrorCode.validation, IncidentMessages.bboxTooLarge)
  return { minLon, minLat, maxLon, maxLat }
}
