import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { renderInApp } from '../../test/render.tsx'
import { PrivacyPage } from './PrivacyPage.tsx'
import { NEVER_STORED, NEVER_STORED_KEYS, STORED_DATA, WHERE_KEYS } from './stored-data.ts'

const english: Record<string, string> = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'locales', 'en.json'), 'utf8'),
)
const fill = (message: string | undefined, values: Record<string, number> = {}) =>
  message?.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))

describe('the Privacy page’s catalog', () => {
  it('holds every item of stored-data.ts, in the same English', () => {
    for (const group of STORED_DATA) {
      expect(english[group.id], group.id).toBe(group.title)
      for (const item of group.items) {
        expect(fill(english[`${item.id}What`]), item.id).toBe(item.what)
        expect(fill(english[`${item.id}Details`], item.values), item.id).toBe(item.details)
        expect(fill(english[WHERE_KEYS[item.where] ?? '']), item.id).toBe(item.where)
        expect(fill(english[`${item.id}HowLong`], item.values), item.id).toBe(item.howLong)
      }
    }
    expect(NEVER_STORED_KEYS.map((key) => english[key])).toEqual(NEVER_STORED)
  })

  it('says where her language is kept: on this phone, and in her account', () => {
    const items = STORED_DATA.flatMap((group) => group.items)
    const phone = items.find((item) => item.id === 'languagePhone')
    const account = items.find((item) => item.id === 'languageAccount')
    expect(phone?.details).toContain('wings.language')
    expect(account?.serverTables).toEqual(['users'])
    expect(account?.phoneStores).toEqual(['user'])
  })
})

describe('PrivacyPage in Hindi', () => {
  it('shows all of it in Hindi: what is kept, where, for how long, and what never is', async () => {
    await setLanguage('hi')
    renderInApp(<PrivacyPage />, '/privacy')
    expect(await screen.findByRole('heading', { name: 'क्या रखा जाता है, कहाँ और कितने समय तक' })).toBeTruthy()
    const account = screen.getByRole('table', { name: 'आपका अकाउंट' })
    expect(
      within(account)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['क्या', 'कहाँ', 'कब तक'])
    const language = within(account)
      .getByRole('rowheader', { name: /^इस फ़ोन पर आपकी भाषा/ })
      .closest('tr')
    expect(language?.textContent).toContain('कहाँ: आपका फ़ोन')
    expect(language?.textContent).toContain('“wings.language”')
    const chats = screen.getByRole('table', { name: 'साथी और हमें भेजे मैसेज' })
    expect(chats.textContent).toContain('आख़िरी 200 मैसेज')
    expect(screen.getByRole('heading', { name: 'कभी नहीं रखा जाता' })).toBeTruthy()
    expect(screen.getByText('आपका पासवर्ड: सिर्फ़ उसका हैश।')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'संपर्क पेज' }).getAttribute('href')).toBe('/contact')
    // Nothing left in English: no item's English text shows.
    for (const item of STORED_DATA.flatMap((group) => group.items)) {
      expect(document.body.textContent).not.toContain(item.details)
    }
  })
})
