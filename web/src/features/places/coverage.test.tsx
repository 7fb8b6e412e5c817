import { render, screen, waitFor } from '@testing-library/react'
import { OSM_ATTRIBUTION, type RegionInfo } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearDb, json } from '../../test/sync.ts'
import { resetRegionSession } from '../map/useRegion.ts'
import { CoverageNote } from './CoverageNote.tsx'
import { isOutsideCoverage, POINT_OUTSIDE } from './coverage.ts'

const REGION: RegionInfo = {
  name: 'india-mumbai-south',
  bbox: [72.8035, 18.9535, 72.8375, 18.9787],
  attribution: OSM_ATTRIBUTION,
  dataDate: '',
  importedAt: '2026-11-25T00:00:00.000Z',
  tileUrl: '/api/tiles/{z}/{x}/{y}.mvt',
  outline: {
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
  },
}
const GRANT_ROAD = [18.9633, 72.8158] as const
const CHURCHGATE = [18.9322, 72.8264] as const

describe('coverage', () => {
  it('a point is outside when the outline does not hold it; never when the outline is unknown', () => {
    expect(isOutsideCoverage(REGION, ...GRANT_ROAD)).toBe(false)
    expect(isOutsideCoverage(REGION, ...CHURCHGATE)).toBe(true)
    const { outline: _, ...older } = REGION
    expect(isOutsideCoverage(older as RegionInfo, ...CHURCHGATE)).toBe(false)
    expect(isOutsideCoverage(null, ...CHURCHGATE)).toBe(false)
    expect(isOutsideCoverage({ outline: { type: 'MultiPolygon', coordinates: [] } }, ...CHURCHGATE)).toBe(false)
  })

  describe('CoverageNote', () => {
    beforeEach(async () => {
      await clearDb()
      resetRegionSession()
    })
    afterEach(() => {
      vi.unstubAllGlobals()
    })
    const serve = (region: unknown) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(200, region)),
      )

    it('says "Wings has no map data for this area yet" for a point outside the outline, with what still works', async () => {
      serve(REGION)
      render(<CoverageNote point={CHURCHGATE} after="The score uses only your ratings." />)
      await waitFor(() =>
        expect(screen.getByRole('status').textContent).toBe(`${POINT_OUTSIDE} The score uses only your ratings.`),
      )
      expect(POINT_OUTSIDE).toBe('Wings has no map data for this area yet: this place is outside the line on the map.')
    })

    it('says nothing for a point inside, for no point, or when the region cannot be had', async () => {
      serve(REGION)
      const { unmount } = render(<CoverageNote point={GRANT_ROAD} />)
      const note = await screen.findByRole('status')
      await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled())
      expect(note.textContent).toBe('')
      unmount()
      const { unmount: gone } = render(<CoverageNote point={null} />)
      expect((await screen.findByRole('status')).textContent).toBe('')
      gone()
      // Neither this session's nor a stored copy: nothing is said (the server decides).
      await clearDb()
      resetRegionSession()
      serve({ success: false })
      render(<CoverageNote point={CHURCHGATE} />)
      await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled())
      expect((await screen.findByRole('status')).textContent).toBe('')
    })

    it('uses the region stored on the phone when offline', async () => {
      serve(REGION)
      const { unmount } = render(<CoverageNote point={CHURCHGATE} />)
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(POINT_OUTSIDE))
      unmount()
      resetRegionSession()
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch')
        }),
      )
      render(<CoverageNote point={CHURCHGATE} />)
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(POINT_OUTSIDE))
    })
  })
})
