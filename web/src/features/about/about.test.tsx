import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { Route as AboutRoute } from '../../routes/about.tsx'
import { Route as TermsRoute } from '../../routes/terms.tsx'
import { renderInApp } from '../../test/render.tsx'

const About = AboutRoute.options.component as () => React.JSX.Element
const Terms = TermsRoute.options.component as () => React.JSX.Element

describe('About and Terms', () => {
  it('speak English as before', async () => {
    renderInApp(<About />, '/about')
    expect(await screen.findByRole('heading', { level: 1, name: 'About Wings' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Want help?' }).getAttribute('href')).toBe('/help')
    expect(screen.getByText('Emergency SOS').tagName).toBe('STRONG')
  })

  it('speak Hindi, links and all', async () => {
    await setLanguage('hi')
    renderInApp(<About />, '/about')
    expect(await screen.findByRole('heading', { level: 1, name: 'Wings के बारे में' })).toBeTruthy()
    expect(screen.getByText('इमरजेंसी SOS').tagName).toBe('STRONG')
    expect(screen.getByRole('link', { name: 'मदद चाहिए?' }).getAttribute('href')).toBe('/help')
    expect(screen.getByRole('link', { name: 'स्कोर कैसे निकलते हैं' }).getAttribute('href')).toBe('/routecalculation')
  })

  it('speak Marathi on the terms, with 112 still a call', async () => {
    await setLanguage('mr')
    renderInApp(<Terms />, '/terms')
    expect(await screen.findByRole('heading', { level: 1, name: 'वापराच्या अटी' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '112' }).getAttribute('href')).toBe('tel:112')
    expect(screen.getByText('अकाउंट तयार करण्यासाठी तुमचे वय किमान 13 वर्षे हवे.')).toBeTruthy()
  })
})
