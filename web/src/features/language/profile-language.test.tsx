import { fireEvent, screen, waitFor } from '@testing-library/react'
import type { User } from '@wings/contract'
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '../../db/db.ts'
import { storeServerUser } from '../../db/user.ts'
import { i18n } from '../../i18n/catalog.tsx'
import { keptLanguage, setLanguage } from '../../i18n/language.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { chooseLanguage, keepInProfile, profileLanguageFor } from './profile-language.ts'

const asha = testUser()
const outbox = async () => (await db.outbox.orderBy('seq').toArray()).map(({ type, payload }) => ({ type, payload }))
const shownUser = async () => (await db.user.get('me'))?.user

beforeEach(clearDb)

describe('choosing a language', () => {
  it('signed in: shows it, keeps it on the device and queues it for her profile', async () => {
    await storeServerUser(asha)
    await chooseLanguage('hi')
    expect(i18n.locale).toBe('hi')
    expect(keptLanguage()).toBe('hi')
    expect(await outbox()).toEqual([{ type: 'profile.update', payload: { language: 'hi' } }])
    // Shown at once in her profile, before the server has it.
    expect((await shownUser())?.language).toBe('hi')
    // Choosing it again queues nothing more.
    await chooseLanguage('hi')
    expect(await outbox()).toHaveLength(1)
  })

  it('signed out: shows it and keeps it on the device only', async () => {
    await chooseLanguage('mr')
    expect(i18n.locale).toBe('mr')
    expect(keptLanguage()).toBe('mr')
    expect(await outbox()).toEqual([])
    expect(await keepInProfile('hi')).toBe(false)
  })

  it('queues nothing when her profile already says it', async () => {
    await storeServerUser({ ...asha, language: 'mr' })
    expect(await keepInProfile('mr')).toBe(false)
    expect(await keepInProfile('en')).toBe(true)
    expect(await outbox()).toEqual([{ type: 'profile.update', payload: { language: 'en' } }])
  })

  it('from the header’s switcher, in Marathi, queues it for her profile', async () => {
    await storeServerUser(asha)
    await setLanguage('hi')
    renderInApp(<LanguageSwitcher />)
    fireEvent.click(await screen.findByRole('button', { name: 'मराठी' }))
    await waitFor(async () => expect(await outbox()).toEqual([{ type: 'profile.update', payload: { language: 'mr' } }]))
    await waitFor(() => expect(document.documentElement.lang).toBe('mr'))
    expect(keptLanguage()).toBe('mr')
  })
})

describe('her profile’s language on a device', () => {
  const withLanguage = (language: string | undefined): User => ({ ...asha, language: language as User['language'] })

  it('is the one to show only when the device kept no choice and the address asks none', () => {
    expect(profileLanguageFor(withLanguage('hi'), '')).toBe('hi')
    expect(profileLanguageFor(withLanguage('mr'), '?from=login')).toBe('mr')
    expect(profileLanguageFor(withLanguage(undefined), '')).toBeNull()
    expect(profileLanguageFor(null, '')).toBeNull()
    expect(profileLanguageFor(undefined, '')).toBeNull()
    expect(profileLanguageFor(withLanguage('hi'), '?lang=en')).toBeNull()
    localStorage.setItem('wings.language', 'en')
    expect(profileLanguageFor(withLanguage('hi'), '')).toBeNull()
  })

  it('falls back to English for a code Wings does not speak', () => {
    expect(profileLanguageFor(withLanguage('ta'), '')).toBe('en')
    expect(profileLanguageFor(withLanguage('HI'), '')).toBe('en')
  })

  it('switches the app when her user arrives on a device with no choice kept', async () => {
    renderInApp(<LanguageSwitcher />)
    expect((await screen.findByRole('button', { name: 'English' })).getAttribute('aria-pressed')).toBe('true')
    await storeServerUser(withLanguage('mr'))
    await waitFor(() => expect(document.documentElement.lang).toBe('mr'))
    expect(i18n.locale).toBe('mr')
    await waitFor(() => expect(screen.getByRole('button', { name: 'मराठी' }).getAttribute('aria-pressed')).toBe('true'))
    // Nothing to tell the server: it is her profile's already.
    expect(await outbox()).toEqual([])
  })

  it('leaves a device where she chose alone', async () => {
    await setLanguage('hi')
    renderInApp(<LanguageSwitcher />)
    await storeServerUser(withLanguage('mr'))
    await screen.findByRole('button', { name: 'मराठी' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(i18n.locale).toBe('hi')
    expect(keptLanguage()).toBe('hi')
  })
})
