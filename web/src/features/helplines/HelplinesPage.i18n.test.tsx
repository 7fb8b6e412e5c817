import { screen, within } from '@testing-library/react'
import { HELPLINES } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { renderInApp } from '../../test/render.tsx'
import { pageOf } from '../../ui/Page.tsx'
import { HelplinesPage, useHelplinesTitle } from './HelplinesPage.tsx'

const HelpPage = pageOf(useHelplinesTitle, 'help', HelplinesPage)

describe('HelplinesPage in Marathi and Hindi', () => {
  it('is in Marathi: title, 112 and every helpline, numbers unchanged', async () => {
    await setLanguage('mr')
    renderInApp(<HelpPage />, '/help')
    expect(await screen.findByRole('heading', { level: 1, name: 'इमर्जन्सी/हेल्पलाइन नंबर' })).toBeTruthy()
    expect(document.title).toBe('इमर्जन्सी/हेल्पलाइन नंबर · Wings')
    expect(screen.getByRole('heading', { name: 'इमर्जन्सी: 112' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '112 ला कॉल करा' }).getAttribute('href')).toBe('tel:112')
    const list = await screen.findByRole('list', { name: 'हेल्पलाइन' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(HELPLINES.length - 1)
    const women = items[0] as HTMLElement
    expect(within(women).getByRole('heading').textContent).toBe('महिला हेल्पलाइन')
    expect(within(women).getByText('181')).toBeTruthy()
    expect(women.textContent).toContain('कुठे चालते: पश्चिम बंगाल सोडून सर्व राज्ये')
    expect(within(women).getByRole('link', { name: 'महिला हेल्पलाइन 181 ला कॉल करा' }).getAttribute('href')).toBe(
      'tel:181',
    )
    expect(within(women).getByRole('button', { name: 'महिला हेल्पलाइन 181 कॉपी करा' }).textContent).toBe('कॉपी करा')
    expect(screen.getByRole('link', { name: 'सुरक्षा साधने' }).getAttribute('href')).toBe('/safety')
    expect(screen.queryByText('Women Helpline')).toBeNull()
  })

  it('keeps its English title exactly, and says it in Hindi', async () => {
    const { unmount } = renderInApp(<HelpPage />, '/help')
    expect(await screen.findByRole('heading', { level: 1, name: 'EMERGENCY/HELPLINE NUMBERS' })).toBeTruthy()
    unmount()
    await setLanguage('hi')
    renderInApp(<HelpPage />, '/help')
    expect(await screen.findByRole('heading', { level: 1, name: 'इमरजेंसी/हेल्पलाइन नंबर' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '112 पर कॉल करें' }).getAttribute('href')).toBe('tel:112')
  })
})
