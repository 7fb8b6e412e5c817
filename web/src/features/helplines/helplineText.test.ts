import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HELPLINES } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { helplineText } from './helplineText.ts'

const catalog = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'locales', `${language}.json`), 'utf8'))

describe('helplines in Hindi and Marathi', () => {
  it("has every helpline of the contract, by number: English exactly the contract's, Hindi and Marathi its own", () => {
    const en = catalog('en')
    for (const h of HELPLINES) {
      expect(en[`name${h.number}`], h.number).toBe(h.name)
      expect(en[`purpose${h.number}`], h.number).toBe(h.purpose)
      expect(en[`area${h.number}`], h.number).toBe(h.area)
      for (const language of ['hi', 'mr']) {
        const translated = catalog(language)
        for (const field of ['name', 'purpose', 'area'] as const) {
          const text = translated[`${field}${h.number}`]
          expect(text?.trim(), `${language} ${field}${h.number}`).toBeTruthy()
          if (field !== 'area') expect(text, `${language} ${field}${h.number}`).not.toBe(h[field])
        }
      }
    }
  })

  it('says each in her language, with its number unchanged', async () => {
    const women = HELPLINES.find((h) => h.number === '181')
    if (!women) throw new Error('181 is in the contract')
    expect(helplineText(women)).toEqual(women)
    await setLanguage('hi')
    expect(helplineText(women)).toMatchObject({ number: '181', name: 'महिला हेल्पलाइन' })
    await setLanguage('mr')
    expect(helplineText(HELPLINES.find((h) => h.number === '1098') ?? women)).toMatchObject({
      number: '1098',
      name: 'चाइल्ड हेल्पलाइन',
    })
    // A helpline the catalogs do not know shows as stored.
    const unknown = { number: '99999', name: 'New line', purpose: 'New', area: 'Pune' }
    expect(helplineText(unknown)).toEqual(unknown)
  })
})
