/**
 * OSM opening_hours read with the maintained `opening_hours` parser (the whole syntax: days, months, sunset...),
 * at the wall-clock time of the region's zone, whatever the server's own zone.
 */
import OpeningHours from 'opening_hours'

export type Hours = OpeningHours

/** Mode 0: the usual time ranges (no points in time), as opening_hours=* is meant. */
const PARSER_MODE = 0

/**
 * The value without its public- and school-holiday selectors: the parser needs a country's holiday calendar for them
 * (it has none for India, and logs and throws then), and no day is known to be a holiday here. 'Mo-Fr,PH 09:00-18:00'
 * keeps 'Mo-Fr 09:00-18:00'; a rule of holidays only ('PH off') goes.
 */
export function withoutHolidays(value: string): string {
  return value
    .split(';')
    .map((rule) => rule.replace(/\s*,\s*(PH|SH)\b|\b(PH|SH)\s*,\s*/g, ''))
    .filter((rule) => !/\b(PH|SH)\b/.test(rule))
    .join(';')
}

/** The parsed value, or null when it cannot be read. */
export function parseHours(value: string | null, lat: number, lon: number): Hours | null {
  const text = value === null ? '' : withoutHolidays(value).trim()
  if (text === '') return null
  try {
    return new OpeningHours(text, { lat, lon, address: { country_code: '', state: '' } }, PARSER_MODE)
  } catch {
    return null
  }
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** `at` as a Date whose local fields are the wall-clock time in `timeZone` (what the parser reads). */
export function wallClock(at: Date, timeZone: string): Date {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formats.set(timeZone, format)
  }
  const part: Record<string, number> = {}
  for (const p of format.formatToParts(at)) if (p.type !== 'literal') part[p.type] = Number(p.value)
  return new Date(
    part.year ?? 0,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  )
}

/** Open at `local` (a wallClock date): true, false, or undefined when the hours say "unknown" or cannot be read. */
export function openAt(hours: Hours | null, local: Date): boolean | undefined {
  if (hours === null) return undefined
  try {
    if (hours.getUnknown(local)) return undefined
    return hours.getState(local)
  } catch {
    return undefined
  }
}

const DAY_MINUTES = 1440
/** Seven lists of [fromMinute, toMinute) local intervals, Sunday first. */
export type Week = [number, number][][]
/** A Sunday, midnight (local fields, as the parser reads them); the week it starts is the one sent. */
const WEEK_START = () => new Date(2026, 0, 4)

/**
 * The hours as seven lists of [fromMinute, toMinute) local intervals, Sunday first, for the phone to read offline;
 * null when they cannot be read, say "unknown" anywhere in the week, or change from week to week (months, sunset).
 */
export function weekOf(hours: Hours | null): Week | null {
  if (hours === null) return null
  try {
    // The parser counts sunrise and sunset as the same every week; they move by an hour over the year.
    if (!hours.isWeekStable() || /sunrise|sunset|dawn|dusk/i.test(hours.prettifyValue())) return null
    const from = WEEK_START()
    const to = new Date(from.getFullYear(), from.getMonth(), from.getDate() + 7)
    const week: Week = [[], [], [], [], [], [], []]
    for (const [start, end, unknown] of hours.getOpenIntervals(from, to)) {
      if (unknown) return null
      // Day by day, split at each midnight (an interval of 18:00-02:00 is two).
      let day = new Date(start.getFullYear(), start.getMonth(), start.getDate())
      while (day < end) {
        const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)
        const a = start > day ? start.getHours() * 60 + start.getMinutes() : 0
        const b = end < next ? end.getHours() * 60 + end.getMinutes() : DAY_MINUTES
        if (b > a) week[day.getDay()]?.push([a, b])
        day = next
      }
    }
    return week
  } catch {
    return null
  }
}

/** Open all week: a hospital without hours (an emergency ward does not close). */
export const ALWAYS_OPEN: Week = Array.from({ length: 7 }, (): [number, number][] => [[0, DAY_MINUTES]])
