import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { db } from '../db/db.ts'
import { storeUser } from '../features/auth/AuthProvider.tsx'
import { setLanguage } from '../i18n/language.ts'
import { Route as RootRoute } from '../routes/__root.tsx'
import { statusText } from '../sync/useSyncStatus.ts'
import { answer, server } from '../test/api.ts'
import { testUser } from '../test/fixtures.ts'
import { renderInApp } from '../test/render.tsx'
import { clearDb } from '../test/sync.ts'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'
import { barText, SyncStatus } from './SyncStatus.tsx'

const base = { online: true, pushing: false, waiting: 0, blocked: 0, conflicts: 0 }

describe('the frame in Hindi and Marathi', () => {
  it('shows the header in Hindi: its links, Login, the menu, quick exit and the language switcher', async () => {
    await db.user.clear()
    await setLanguage('hi')
    renderInApp(<Header />)
    const nav = await screen.findByRole('navigation', { name: 'मुख्य' })
    for (const name of ['ब्लॉग', 'संपर्क करें', 'मदद चाहिए?', 'सुरक्षा टूल', 'रास्ता प्लानर', 'घटना की रिपोर्ट करें']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy()
    }
    expect(within(nav).getByRole('link', { name: 'मदद चाहिए?' }).getAttribute('href')).toBe('/help')
    expect(within(nav).getByRole('link', { name: 'लॉग इन' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'मेन्यू' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Wings होम' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'तुरंत बाहर निकलें' })).toBeTruthy()
    expect(within(nav).getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true')
    expect(document.documentElement.lang).toBe('hi')
  })

  it('shows the header in Marathi, greets her by name, and logs out in Marathi', async () => {
    await storeUser(testUser())
    server.use(answer('logout', { success: true, message: 'Logged out successfully!' }))
    await setLanguage('mr')
    const user = userEvent.setup()
    renderInApp(<Header />)
    const nav = await screen.findByRole('navigation', { name: 'मुख्य' })
    for (const name of ['ब्लॉग', 'संपर्क करा', 'मदत हवी आहे?', 'सुरक्षा साधने', 'मार्ग प्लॅनर', 'घटनेची तक्रार करा']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy()
    }
    expect(await within(nav).findByText('नमस्कार, Asha')).toBeTruthy()
    expect(within(nav).getByRole('button', { name: 'मराठी' }).getAttribute('aria-pressed')).toBe('true')
    await user.click(await within(nav).findByRole('button', { name: 'लॉग आउट' }))
    expect(await screen.findByText('तुम्ही लॉग आउट झालात!')).toBeTruthy()
    await waitFor(async () => expect(await db.user.get('me')).toBeUndefined())
  })

  it('says the logout failed in Hindi', async () => {
    await storeUser(testUser())
    server.use(answer('logout', new Response('', { status: 500 })))
    await setLanguage('hi')
    const user = userEvent.setup()
    renderInApp(<Header />)
    await user.click(await screen.findByRole('button', { name: 'लॉग आउट' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('लॉग आउट नहीं हो पाया। कृपया फिर से कोशिश करें।'),
    )
    await db.user.clear()
  })

  it('shows the footer in Hindi', async () => {
    await setLanguage('hi')
    renderInApp(<Footer />)
    expect(await screen.findByRole('heading', { name: 'कंपनी' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'हमारे बारे में' }).getAttribute('href')).toBe('/about')
    expect(screen.getByRole('link', { name: 'प्राइवेसी' }).getAttribute('href')).toBe('/privacy')
  })

  it('shows the not-found page in Marathi, with its two links', async () => {
    await setLanguage('mr')
    const NotFound = RootRoute.options.notFoundComponent as () => React.ReactNode
    renderInApp(<NotFound />)
    expect(await screen.findByRole('heading', { name: 'पेज सापडलं नाही' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'होम पेजवर जा' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'हेल्पलाइन नंबर पाहा' }).getAttribute('href')).toBe('/help')
    expect(document.title).toBe('पेज सापडलं नाही · Wings')
  })

  it('says the sync status in Hindi and Marathi, with plurals and Latin digits', async () => {
    await setLanguage('hi')
    expect(statusText(base)).toBe('सारे बदलाव सेव हो गए')
    expect(statusText({ ...base, online: false, waiting: 2 })).toBe('ऑफ़लाइन · 2 बदलाव बाकी')
    expect(statusText({ ...base, blocked: 1 })).toBe('1 बदलाव बाकी: भेजने के लिए लॉग इन करें')
    expect(barText({ ...base, conflicts: 1 }, null)).toBe('बाकी बदलाव सेव हो गए')
    await setLanguage('mr')
    expect(statusText({ ...base, waiting: 3 })).toBe('3 बदल बाकी')
    expect(statusText({ ...base, online: false })).toBe('ऑफलाइन')
  })

  it('lists a refused change in Hindi, with the server’s reason in Hindi', async () => {
    await clearDb()
    await db.conflicts.put({
      opId: crypto.randomUUID(),
      type: 'contact.send',
      payload: { fullName: 'Asha Rao', emailId: 'asha@example.in', query: 'Hello there' },
      userId: null,
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please try again later.',
      createdAt: new Date().toISOString(),
      at: new Date().toISOString(),
    })
    await setLanguage('hi')
    const user = userEvent.setup()
    renderInApp(<SyncStatus />)
    await user.click(await screen.findByRole('button', { name: '1 बदलाव सेव नहीं हो पाया' }))
    const dialog = screen.getByRole('dialog', { name: 'जो बदलाव सेव नहीं हो पाए', hidden: true })
    expect(await within(dialog).findByText('Wings को मैसेज')).toBeTruthy()
    // The reason, then what she can do: both in Hindi.
    expect(
      await within(dialog).findByText(
        'बहुत ज़्यादा अनुरोध हुए। कृपया थोड़ी देर बाद फिर से कोशिश करें। एक मिनट रुकें, फिर से कोशिश करें।',
      ),
    ).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'हटाएँ', hidden: true })).toBeTruthy()
    expect(screen.getByRole('status', { name: 'सिंक की स्थिति' }).textContent).toBe('बाकी बदलाव सेव हो गए')
    await clearDb()
  })
})
