import type { Tip } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { INTL_LOCALE } from '../../i18n/catalog.tsx'
import { groupTips, tipDate } from './CommunityTips.tsx'
import { megabytes } from './OfflineMaps.tsx'

const tip = (lat: number, lon: number, createdAt: string, text = 'Well lit'): Tip => ({
  lat,
  lon,
  text,
  rating: 4,
  createdAt,
})

describe('groupTips', () => {
  it('groups tips at the same place (to 5 decimals), newest first, places in order of first tip', () => {
    const groups = groupTips([
      tip(19.05, 72.83, '2025-03-01T10:00:00.000Z', 'older'),
      tip(19.1, 72.9, '2025-03-02T10:00:00.000Z', 'elsewhere'),
      tip(19.050001, 72.830001, '2025-03-05T10:00:00.000Z', 'newer'),
    ])
    expect(groups.map((g) => g.key)).toEqual(['19.05000,72.83000', '19.10000,72.90000'])
    expect(groups[0]?.position).toEqual([19.05, 72.83])
    expect(groups[0]?.tips.map((t) => t.text)).toEqual(['newer', 'older'])
    expect(groups[1]?.tips.map((t) => t.text)).toEqual(['elsewhere'])
  })

  it('gives nothing for no tips', () => {
    expect(groupTips([])).toEqual([])
  })
})

describe('tipDate', () => {
  it('writes a date as day, short month and year; nothing for a bad date', () => {
    expect(tipDate('2025-03-01T10:00:00.000Z')).toBe('1 Mar 2025')
    expect(tipDate('not a date')).toBe('')
  })

  it('writes it by Intl in her language, with Latin digits', () => {
    expect(tipDate('2025-03-01T10:00:00.000Z', INTL_LOCALE.hi)).toBe('1 मार्च 2025')
    expect(tipDate('2025-03-01T10:00:00.000Z', INTL_LOCALE.mr)).toMatch(/^1 मार्च,? 2025$/)
  })
})

describe('megabytes', () => {
  it('writes a size in MB with one decimal by Intl, the same digits in every language', () => {
    expect(megabytes(650_000)).toBe('0.6 MB')
    expect(megabytes(3_456_789, INTL_LOCALE.hi)).toBe('3.3 MB')
    expect(megabytes(3_456_789, INTL_LOCALE.mr)).toBe('3.3 MB')
  })
})
