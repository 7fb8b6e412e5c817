import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { i18n } from '../../i18n/catalog.tsx'
import { setLanguage } from '../../i18n/language.ts'
import { SosButton } from './SosButton.tsx'
import { WhatsAppLink } from './WhatsAppLink.tsx'

const I18n = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

describe('the SOS button and WhatsApp link in her language', () => {
  it('reads "Emergency SOS" in English, "इमरजेंसी SOS" in Hindi and "इमर्जन्सी SOS" in Marathi', async () => {
    const { unmount } = render(<SosButton />, { wrapper: I18n })
    expect(screen.getByRole('button').textContent).toBe('Emergency SOS')
    unmount()
    await setLanguage('hi')
    const hi = render(<SosButton />, { wrapper: I18n })
    expect(
      screen.getByRole('button', { name: 'इमरजेंसी SOS' }).querySelector('.sos-button__emergency')?.textContent,
    ).toBe('इमरजेंसी')
    hi.unmount()
    await setLanguage('mr')
    render(<SosButton />, { wrapper: I18n })
    expect(screen.getByRole('button', { name: 'इमर्जन्सी SOS' })).toBeTruthy()
  })

  it('offers WhatsApp in Marathi, to the contact she picks', async () => {
    await setLanguage('mr')
    const user = userEvent.setup()
    render(<WhatsAppLink text="मदत" contacts={[{ name: 'Aai', phone: '+919876543210' }]} />, { wrapper: I18n })
    const to = screen.getByRole('combobox', { name: 'WhatsApp कोणाला' })
    expect((to as HTMLSelectElement).options[0]?.textContent).toBe('कोणालाही (WhatsApp मध्ये निवडा)')
    await user.selectOptions(to, 'Aai (+919876543210)')
    const link = screen.getByRole('link', { name: 'Aai ला WhatsApp वर पाठवा' })
    expect(link.getAttribute('href')).toBe(`https://wa.me/919876543210?text=${encodeURIComponent('मदत')}`)
  })
})
