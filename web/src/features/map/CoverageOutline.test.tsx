import { screen, waitFor } from '@testing-library/react'
import { COVERAGE_LEGEND, OSM_ATTRIBUTION, type RegionInfo } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb, json } from '../../test/sync.ts'
import { outlineRings } from './CoverageOutline.tsx'
import MapView from './MapView.tsx'
import { pngResponse } from './testing.ts'
import { setTileCacheCap, tileCacheSettled } from './tileCache.ts'
import { REGION_META_KEY, resetRegionSession } from './useRegion.ts'

const SOUTH_MUMBAI: RegionInfo['outline'] = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [72.8035, 18.9535],
        [72.8375, 18.9535],
        [72.8375, 18.9787],
        [72.8035, 18.9787],
        [72.8035, 18.9535],
      ],
    ],
  ],
}
const REGION: RegionInfo = {
  name: 'india-mumbai-south',
  bbox: [72.8035, 18.9535, 72.8375, 18.9787],
  attribution: OSM_ATTRIBUTION,
  dataDate: '',
  importedAt: '2026-11-25T00:00:00.000Z',
  tileUrl: '/api/tiles/{z}/{x}/{y}.png',
  outline: SOUTH_MUMBAI,
}

function server(region: RegionInfo | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/region') return region ? json(200, region) : json(503, { success: false, message: 'x' })
      if (url.startsWith('/api/tiles/')) return pngResponse(10)
      return json(404, {})
    }),
  )
}

describe('the coverage outline on the map', () => {
  beforeEach(async () => {
    await clearDb()
    setTileCacheCap()
    resetRegionSession()
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360)
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(260)
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:x' })
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined })
  })
  afterEach(async () => {
    await tileCacheSettled()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('turns the GeoJSON [lon, lat] rings into Leaflet [lat, lon] rings', () => {
    expect(outlineRings(SOUTH_MUMBAI)[0]?.[1]).toEqual([18.9535, 72.8375])
  })

  it("draws the region's outline, dimming the outside, with the legend 'Wings has map data inside this line'", async () => {
    server(REGION)
    renderInApp(<MapView label="Map of the planner" center={[18.965, 72.82]} zoom={13} />, '/routeplanner')
    const map = await screen.findByRole('region', { name: 'Map of the planner' })
    await waitFor(() => expect(map.querySelector('path.coverage-outline')).toBeTruthy())
    const path = map.querySelector('path.coverage-outline') as SVGPathElement
    expect(path.getAttribute('stroke-dasharray')).toBe('6 4')
    expect(path.getAttribute('fill-rule')).toBe('evenodd')
    // It never takes a tap meant for the map.
    expect(path.classList.contains('leaflet-interactive')).toBe(false)
    expect(map.querySelector('.coverage-legend')?.textContent).toBe(COVERAGE_LEGEND)
  })

  it('draws it offline from the region stored on the phone', async () => {
    await db.meta.put({ key: REGION_META_KEY, value: REGION })
    server(null)
    renderInApp(<MapView label="Map offline" center={[18.965, 72.82]} zoom={13} />, '/routeplanner')
    const map = await screen.findByRole('region', { name: 'Map offline' })
    await waitFor(() => expect(map.querySelector('path.coverage-outline')).toBeTruthy())
  })

  it('draws nothing for a region stored by an older app, without an outline', async () => {
    const { outline: _, ...old } = REGION
    server(old as RegionInfo)
    renderInApp(<MapView label="Map without outline" center={[18.965, 72.82]} zoom={13} />, '/routeplanner')
    const map = await screen.findByRole('region', { name: 'Map without outline' })
    await waitFor(() => expect(map.querySelector('.leaflet-tile')).toBeTruthy())
    expect(map.querySelector('path.coverage-outline')).toBeNull()
    expect(map.querySelector('.coverage-legend')).toBeNull()
  })
})
