import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { i18n } from '../../i18n/catalog.tsx'
import { CHOOSE_IN_WHATSAPP, WhatsAppLink } from './WhatsAppLink.tsx'

/** The app's messages, as AppProviders gives them. */
const I18n = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

const TEXT = 'I need help! https://wings.example/s/abc'
const AMMA = { name: 'Amma', phone: '+919876543210' }
const PRIYA = { name: 'Priya', phone: '+442079460958' }
const link = () => screen.getByRole('link', { name: /^Send on WhatsApp/ })

describe('WhatsAppLink', () => {
  it('goes to whoever she picks in WhatsApp when she has no trusted contacts', () => {
    render(<WhatsAppLink text={TEXT} contacts={[]} />, { wrapper: I18n })
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(link().getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(TEXT)}`)
    expect(link().getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('is addressed to the contact she chooses: wa.me/<E.164 without +>, with the text', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<WhatsAppLink text={TEXT} contacts={[AMMA, PRIYA]} />, { wrapper: I18n })
    const to = screen.getByRole('combobox', { name: 'WhatsApp to' })
    expect(Array.from((to as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      CHOOSE_IN_WHATSAPP,
      'Amma (+919876543210)',
      'Priya (+442079460958)',
    ])
    expect(link().getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(TEXT)}`)

    await user.selectOptions(to, 'Amma (+919876543210)')
    expect(link().textContent).toBe('Send on WhatsApp to Amma')
    expect(link().getAttribute('href')).toBe(`https://wa.me/919876543210?text=${encodeURIComponent(TEXT)}`)
    await user.selectOptions(to, 'Priya (+442079460958)')
    expect(link().getAttribute('href')).toBe(`https://wa.me/442079460958?text=${encodeURIComponent(TEXT)}`)

    // The text changes (a live link arrives): the link follows, still to her.
    rerender(<WhatsAppLink text={`${TEXT} more`} contacts={[AMMA, PRIYA]} />)
    expect(link().getAttribute('href')).toBe(`https://wa.me/442079460958?text=${encodeURIComponent(`${TEXT} more`)}`)
    // She removes the contact meanwhile: back to choosing in WhatsApp, never to a stale number.
    rerender(<WhatsAppLink text={TEXT} contacts={[AMMA]} />)
    expect(link().textContent).toBe('Send on WhatsApp')
    expect(link().getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(TEXT)}`)

    await user.selectOptions(screen.getByRole('combobox', { name: 'WhatsApp to' }), CHOOSE_IN_WHATSAPP)
    expect(link().getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(TEXT)}`)
  })
})
