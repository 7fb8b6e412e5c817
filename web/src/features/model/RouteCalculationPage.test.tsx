import { screen, within } from '@testing-library/react'
import { DEFAULT_WEIGHTS, FACTOR_DIRECTIONS, FACTOR_NAMES, TIMES_OF_DAY, WEIGHTS } from '@wings/safety'
import { describe, expect, it } from 'vitest'
import { renderInApp } from '../../test/render.tsx'
import { hoursOf } from './model.ts'
import { RouteCalculationPage } from './RouteCalculationPage.tsx'

describe('RouteCalculationPage', () => {
  it('renders every weight from WEIGHTS and DEFAULT_WEIGHTS', async () => {
    renderInApp(<RouteCalculationPage />, '/routecalculation')
    const table = await screen.findByTestId('weights-table')
    const rows = [...TIMES_OF_DAY.map((t) => [t, WEIGHTS[t]] as const), ['none', DEFAULT_WEIGHTS] as const]
    for (const [period, weights] of rows) {
      const row = table.querySelector(`tr[data-period="${period}"]`)
      expect(row, period).not.toBeNull()
      for (const name of FACTOR_NAMES) {
        expect(row?.querySelector(`td[data-factor="${name}"]`)?.textContent, `${period} ${name}`).toBe(
          String(weights[name]),
        )
      }
    }
    expect(table.querySelectorAll('tbody tr')).toHaveLength(TIMES_OF_DAY.length + 1)
  })

  it('names each factor with its direction from FACTOR_DIRECTIONS', async () => {
    renderInApp(<RouteCalculationPage />, '/routecalculation')
    const table = (await screen.findByText('What each factor means and which way it moves the score')).closest('table')
    for (const name of FACTOR_NAMES) {
      const row = within(table as HTMLTableElement)
        .getByText(name)
        .closest('tr') as HTMLElement
      const expected = {
        'higher-is-safer': 'Higher is safer',
        'lower-is-safer': 'Lower is safer',
        'moderate-is-safest': 'Moderate is safest',
      }[FACTOR_DIRECTIONS[name]]
      expect(within(row).getByText(expected)).toBeTruthy()
    }
  })

  it('links to the estimator and to the report form', async () => {
    renderInApp(<RouteCalculationPage />, '/routecalculation')
    const links = await screen.findAllByRole('link', { name: /Route Safety Estimator/ })
    expect(links[0]?.getAttribute('href')).toBe('/routescorer')
    expect(screen.getByRole('link', { name: 'Report an incident' }).getAttribute('href')).toBe('/report')
  })

  it("derives the hours of each period from the model's periodOfHour", () => {
    expect(hoursOf('day')).toBe('07:00-17:59')
    expect(hoursOf('evening')).toBe('18:00-21:59, 05:00-06:59')
    expect(hoursOf('night')).toBe('22:00-04:59')
  })
})
