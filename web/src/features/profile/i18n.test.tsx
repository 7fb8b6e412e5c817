import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TrustedContactMessages } from '@wings/contract'
import { beforeEach, describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { answer, noNetwork, server } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { CONTACT_VALUES, CONTRACT_TEXTS, contractText } from './contract-texts.ts'
import { t } from './messages.ts'
import { ProfilePage } from './ProfilePage.tsx'

describe('the profile in Marathi', () => {
  beforeEach(async () => {
    server.use(noNetwork())
    await clearDb()
  })

  it('words the contract texts in English exactly as the contract does', () => {
    for (const [key, english] of Object.entries(CONTRACT_TEXTS)) {
      expect(t(key as Parameters<typeof t>[0], CONTACT_VALUES), key).toBe(english)
    }
  })

  it('shows the profile, a visible language switcher and the trusted contacts in Marathi', async () => {
    await storeUser(testUser())
    server.use(answer('profile', { success: true, data: testUser() }))
    await setLanguage('mr')
    const user = userEvent.setup()
    renderInApp(<ProfilePage />, '/profile')
    expect(await screen.findByLabelText('पहिले नाव')).toBeTruthy()
    expect(screen.getByLabelText('आडनाव')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'प्रोफाइल सेव्ह करा' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'माझे सेव्ह केलेले मार्ग' })).toBeTruthy()

    // The switcher's label is on screen, not only for screen readers; Marathi is the one pressed.
    const label = screen.getByText('भाषा')
    expect(label.className).toBe('language__label')
    expect(label.closest('.profile__language')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'मराठी' }).getAttribute('aria-pressed')).toBe('true')

    const contacts = screen.getByRole('region', { name: 'विश्वासू संपर्क' })
    expect(await within(contacts).findByText('अजून एकही विश्वासू संपर्क नाही.')).toBeTruthy()
    await user.click(within(contacts).getByRole('button', { name: 'संपर्क जोडा' }))
    expect(within(contacts).getByText('नाव टाका')).toBeTruthy()
    expect(
      within(contacts).getByText('फोन नंबर 10 अंकी हवा, उदा. 98765 43210, किंवा + आणि देशाच्या कोडने सुरू व्हावा'),
    ).toBeTruthy()

    // Back to English at once, from the profile's own switcher.
    await act(() => user.click(screen.getByRole('button', { name: 'English' })))
    expect(await screen.findByRole('button', { name: 'Save Profile' })).toBeTruthy()
    expect(screen.getByText('Language').className).toBe('language__label')
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('words the trusted contact toasts in Hindi', async () => {
    await setLanguage('hi')
    expect(contractText(TrustedContactMessages.duplicate)).toBe('यह नंबर पहले से आपके भरोसेमंद संपर्कों में है')
    expect(contractText(TrustedContactMessages.tooMany)).toBe(
      'आप ज़्यादा से ज़्यादा 10 भरोसेमंद संपर्क रख सकती हैं। नया जोड़ने के लिए एक हटाएँ।',
    )
  })
})
