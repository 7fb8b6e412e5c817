import { I18nProvider } from '@lingui/react'
import { render as renderAlone, screen, waitFor } from '@testing-library/react'
import type { RegionInfo } from '@wings/contract'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n/catalog.tsx'
import { answer, refuse, requests, server, unreachable } from '../../test/api.ts'
import { clearDb } from '../../test/sync.ts'
import { resetRegionSession } from '../map/index.ts'
import { SOUTH_MUMBAI } from '../map/testing.ts'
import { CoverageNote } from './CoverageNote.tsx'
import { isOutsideCoverage, POINT_OUTSIDE } from './coverage.ts'

const GRANT_ROAD = [18.9633, 72.8158] as const
const CHURCHGATE = [18.9322, 72.8264] as const

/** The component speaks her language: it renders inside the app's I18nProvider. */
const render = (ui: ReactNode) => renderAlone(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)

describe('coverage', () => {
  it('a point is outside when the outline does not hold it; never when the outline is unknown', () => {
    expect(isOutsideCoverage(SOUTH_MUMBAI, ...GRANT_ROAD)).toBe(false)
    expect(isOutsideCoverage(SOUTH_MUMBAI, ...CHURCHGATE)).toBe(true)
    const { outline: _, ...older } = SOUTH_MUMBAI
    expect(isOutsideCoverage(older as RegionInfo, ...CHURCHGATE)).toBe(false)
    expect(isOutsideCoverage(null, ...CHURCHGATE)).toBe(false)
    expect(isOutsideCoverage({ outline: { type: 'MultiPolygon', coordinates: [] } }, ...CHURCHGATE)).toBe(false)
  })

  describe('CoverageNote', () => {
    beforeEach(async () => {
      await clearDb()
      resetRegionSession()
    })
    const serve = (region: RegionInfo) => server.use(answer('region', region))

    it('says "Wings has no map data for this area yet" for a point outside the outline, with what still works', async () => {
      serve(SOUTH_MUMBAI)
      render(<CoverageNote point={CHURCHGATE} after="The score uses only your ratings." />)
      await waitFor(() =>
        expect(screen.getByRole('status').textContent).toBe(`${POINT_OUTSIDE} The score uses only your ratings.`),
      )
      expect(POINT_OUTSIDE).toBe('Wings has no map data for this area yet: this place is outside the line on the map.')
    })

    it('says nothing for a point inside, for no point, or when the region cannot be had', async () => {
      serve(SOUTH_MUMBAI)
      const { unmount } = render(<CoverageNote point={GRANT_ROAD} />)
      const note = await screen.findByRole('status')
      await waitFor(() => expect(requests()).toContain('GET /api/region'))
      expect(note.textContent).toBe('')
      unmount()
      const { unmount: gone } = render(<CoverageNote point={null} />)
      expect((await screen.findByRole('status')).textContent).toBe('')
      gone()
      // Neither this session's nor a stored copy: nothing is said (the server decides).
      await clearDb()
      resetRegionSession()
      server.use(refuse('region', 503, 'No region imported yet'))
      render(<CoverageNote point={CHURCHGATE} />)
      await waitFor(() => expect(requests()).toContain('GET /api/region'))
      expect((await screen.findByRole('status')).textContent).toBe('')
    })

    it('uses the region stored on the phone when offline', async () => {
      serve(SOUTH_MUMBAI)
      const { unmount } = render(<CoverageNote point={CHURCHGATE} />)
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(POINT_OUTSIDE))
      unmount()
      resetRegionSession()
      server.use(unreachable('region'))
      render(<CoverageNote point={CHURCHGATE} />)
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(POINT_OUTSIDE))
    })
  })
})
