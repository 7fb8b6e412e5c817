import { act, screen, waitFor } from '@testing-library/react'
import { COVERAGE_LEGEND, type RegionInfo } from '@wings/contract'
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '../../db/db.ts'
import { setLanguage } from '../../i18n/language.ts'
import { renderInApp } from '../../test/render.tsx'
import { outlineRings } from './CoverageOutline.tsx'
import MapView from './MapView.tsx'
import { freshMapEachTest, mapServer, prepareLeaflet, SOUTH_MUMBAI, SOUTH_MUMBAI_OUTLINE } from './testing.ts'
import { REGION_META_KEY } from './useRegion.ts'

describe('the coverage outline on the map', () => {
  freshMapEachTest()
  beforeEach(prepareLeaflet)

  it('turns the GeoJSON [lon, lat] rings into Leaflet [lat, lon] rings', () => {
    expect(outlineRings(SOUTH_MUMBAI_OUTLINE)[0]?.[1]).toEqual([18.9535, 72.8375])
  })

  it("draws the region's outline, dimming the outside, with the legend 'Wings has map data inside this line'", async () => {
    mapServer(SOUTH_MUMBAI)
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

  it('has its legend in Hindi, and in Marathi after a switch', async () => {
    await setLanguage('hi')
    mapServer(SOUTH_MUMBAI)
    renderInApp(<MapView label="नक्शा" center={[18.965, 72.82]} zoom={13} />, '/routeplanner')
    const map = await screen.findByRole('region', { name: 'नक्शा' })
    await waitFor(() =>
      expect(map.querySelector('.coverage-legend')?.textContent).toBe('इस लाइन के अंदर Wings के पास नक्शे की जानकारी है'),
    )
    await act(() => setLanguage('mr'))
    await waitFor(() =>
      expect(map.querySelector('.coverage-legend')?.textContent).toBe('या रेषेच्या आत Wings कडे नकाशाची माहिती आहे'),
    )
    expect(map.querySelectorAll('.coverage-legend')).toHaveLength(1)
    expect(map.querySelectorAll('path.coverage-outline')).toHaveLength(1)
  })

  it('draws it offline from the region stored on the phone', async () => {
    await db.meta.put({ key: REGION_META_KEY, value: SOUTH_MUMBAI })
    mapServer(null)
    renderInApp(<MapView label="Map offline" center={[18.965, 72.82]} zoom={13} />, '/routeplanner')
    const map = await screen.findByRole('region', { name: 'Map offline' })
    await waitFor(() => expect(map.querySelector('path.coverage-outline')).toBeTruthy())
  })

  it('draws nothing for a region stored by an older app, without an outline', async () => {
    const { outline: _, ...old } = SOUTH_MUMBAI
    mapServer(old as RegionInfo)
    renderInApp(<MapView label="Map without outline" center={[18.965, 72.82]} zoom={13} />, '/routeplanner')
    const map = await screen.findByRole('region', { name: 'Map without outline' })
    await waitFor(() => expect(map.querySelector('.leaflet-tile')).toBeTruthy())
    expect(map.querySelector('path.coverage-outline')).toBeNull()
    expect(map.querySelector('.coverage-legend')).toBeNull()
  })
})
