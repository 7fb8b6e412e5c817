import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { renderInApp } from '../../test/render.tsx'
import { RouteCalculationPage } from './RouteCalculationPage.tsx'

describe('How safety scores are calculated, in Hindi and Marathi', () => {
  it('reads in Hindi, tables and numbers included', async () => {
    await setLanguage('hi')
    renderInApp(<RouteCalculationPage />, '/routecalculation')
    expect(await screen.findByRole('heading', { name: 'पाँच बातें' })).toBeTruthy()
    const table = screen.getByText('हर बात का मतलब और वह स्कोर को किस तरफ़ ले जाती है').closest('table') as HTMLElement
    const light = within(table).getByText('light_intensity').closest('tr') as HTMLElement
    expect(within(light).getByText('ज़्यादा हो तो ज़्यादा सुरक्षित')).toBeTruthy()
    expect(within(table).getByRole('columnheader', { name: '1 का मतलब' })).toBeTruthy()
    expect(screen.getByTestId('weights-table').querySelector('tr[data-period="night"] th')?.textContent).toBe(
      'रात (22:00-04:59)',
    )
    expect(screen.getByText('रोशनी।')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'घटना की रिपोर्ट करें' }).getAttribute('href')).toBe('/report')
    expect(screen.getByRole('link', { name: 'सुरक्षा अनुमान आज़माएँ' }).getAttribute('href')).toBe('/routescorer')
  })

  it('reads in Marathi', async () => {
    await setLanguage('mr')
    renderInApp(<RouteCalculationPage />, '/routecalculation')
    expect(await screen.findByRole('heading', { name: 'पाच घटक' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'या पद्धतीला काय माहीत नाही' })).toBeTruthy()
    expect(screen.getByText('निवासी रस्ता, दिवे आहेत')).toBeTruthy()
    expect(screen.getByText(/\(मुख्य रस्ता [\d.]+, निवासी [\d.]+, फूटपाथ [\d.]+, पायवाट [\d.]+\)/)).toBeTruthy()
  })
})
