import { describe, expect, it } from 'vitest'
import { t } from '../features/home/messages.ts'
import { i18n } from './catalog.tsx'
import { keptLanguage, setLanguage, startingLanguage } from './language.ts'

describe('startingLanguage', () => {
  it('follows the browser on a first visit', () => {
    expect(startingLanguage('', ['mr-IN', 'en-GB'])).toBe('mr')
    expect(startingLanguage('', ['hi'])).toBe('hi')
    expect(startingLanguage('', ['ta-IN', 'fr'])).toBe('en')
  })

  it('prefers her kept choice to the browser', () => {
    localStorage.setItem('wings.language', 'hi')
    expect(startingLanguage('', ['mr-IN'])).toBe('hi')
  })

  it('prefers ?lang= in the address to everything', () => {
    localStorage.setItem('wings.language', 'hi')
    expect(startingLanguage('?lang=mr', ['en'])).toBe('mr')
  })

  it('shows English for an unknown code in the address or in storage', () => {
    expect(startingLanguage('?lang=xx', ['hi'])).toBe('en')
    expect(startingLanguage('?lang=', ['hi'])).toBe('en')
    localStorage.setItem('wings.language', '<b>klingon</b>')
    expect(keptLanguage()).toBe('en')
    expect(startingLanguage('', ['hi'])).toBe('en')
  })
})

describe('setLanguage', () => {
  it('loads the catalogs, switches every message and <html lang>, and keeps the choice', async () => {
    expect(t('joinNow')).toBe('JOIN NOW')
    await setLanguage('hi')
    expect(i18n.locale).toBe('hi')
    expect(document.documentElement.lang).toBe('hi')
    expect(t('joinNow')).toBe('अभी जुड़ें')
    expect(keptLanguage()).toBe('hi')
    await setLanguage('mr')
    expect(t('joinNow')).toBe('आता सामील व्हा')
    expect(document.documentElement.lang).toBe('mr')
  })
})
