import { describe, expect, it } from 'vitest'
import { setLanguage } from '../i18n/language.ts'
import { coordsText, kmText, minutesText } from './format.ts'

describe('planner formats', () => {
  it('shows km with 2 decimals and minutes with 1 decimal', () => {
    expect(kmText(1234)).toBe('1.23 km')
    expect(kmText(0)).toBe('0.00 km')
    expect(minutesText(95)).toBe('1.6 min')
    expect(minutesText(3600)).toBe('60.0 min')
  })

  it('says the units in Hindi and Marathi, with Latin digits', async () => {
    await setLanguage('hi')
    expect(kmText(1234)).toBe('1.23 किमी')
    expect(minutesText(270)).toBe('4.5 मिनट')
    await setLanguage('mr')
    expect(kmText(1234)).toBe('1.23 किमी')
    expect(minutesText(270)).toBe('4.5 मिनिटे')
  })

  it('shows coordinates with 4 decimals', () => {
    expect(coordsText(18.92203, 72.834567)).toBe('18.9220, 72.8346')
  })
})
