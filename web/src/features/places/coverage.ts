/**
 * What Wings says about a place outside its map: the region's outline (GET /api/region, kept for offline use by
 * useRegion) decides, and the words are the same in place search, the planner and the estimator.
 */
import { insideOutline, type RegionInfo } from '@wings/contract'
import { useRegion } from '../map/index.ts'
import { t } from './messages.ts'

/** A point she gave (her location, coordinates) is outside the outline: said in her language. */
export const pointOutside = () => t('pointOutside')
/** The English text (tests compare with it). */
export const POINT_OUTSIDE = pointOutside()

/**
 * Whether [lat, lon] is outside the region's outline. Never when the outline is not known (no region fetched yet,
 * or a copy stored by an older app): the server then decides.
 */
export function isOutsideCoverage(region: Pick<RegionInfo, 'outline'> | null, lat: number, lon: number): boolean {
  const outline = region?.outline
  if (!outline || outline.coordinates.length === 0) return false
  return !insideOutline(outline, lat, lon)
}

/** The region's coverage test for a screen: the stored region at once, the server's once fetched. */
export function useCoverage(): (point: readonly [number, number] | null) => boolean {
  const { region, known } = useRegion()
  return (point) => known && point !== null && isOutsideCoverage(region, point[0], point[1])
}
