/** How the blog shows dates and excerpts (spec section 9), and the ids the client gives what it creates. */
import type { Language } from '@wings/contract'
import { INTL_LOCALE } from '../../i18n/catalog.tsx'

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 22nd, 23rd ... 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`
  switch (day % 10) {
    case 1:
      return `${day}st`
    case 2:
      return `${day}nd`
    case 3:
      return `${day}rd`
    default:
      return `${day}th`
  }
}

const two = (n: number) => String(n).padStart(2, '0')

/** Hindi and Marathi dates: '5 मार्च 2025 को 10:30 बजे', with Latin digits and the 24-hour clock, as in English. */
const localDates = new Map<Language, Intl.DateTimeFormat>()
function localDate(language: Language): Intl.DateTimeFormat {
  let format = localDates.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    localDates.set(language, format)
  }
  return format
}

/**
 * '5th March 2025, 10:30': day with its suffix, month name, year, 24-hour time, in the phone's time zone. In Hindi
 * and Marathi, the same through Intl in her language.
 */
export function formatStoryDate(iso: string | Date, language: Language = 'en'): string {
  const date = iso instanceof Date ? iso : new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  if (language !== 'en') return localDate(language).format(date)
  return `${ordinal(date.getDate())} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${two(date.getHours())}:${two(date.getMinutes())}`
}

/**
 * Roughly the first quarter of the content, cut at a word boundary and ended with '…' (spec: the card shows about
 * the first quarter). Short contents (up to `min` characters) are shown whole; at most `max` characters are kept.
 */
export function excerpt(content: string, { min = 80, max = 400 }: { min?: number; max?: number } = {}): string {
  const text = content.trim()
  if (text.length <= min) return text
  const target = Math.min(max, Math.max(min, Math.ceil(text.length / 4)))
  if (target >= text.length) return text
  // Cut at the last white space at or before the target; a single long word is cut where it is.
  const head = text.slice(0, target + 1)
  const space = head.search(/\s\S*$/)
  const cut = space > 0 ? head.slice(0, space) : text.slice(0, target)
  return `${cut.replace(/[\s.,;:!?-]+$/, '')}…`
}
