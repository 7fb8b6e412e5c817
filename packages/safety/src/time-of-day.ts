import { SafetyInputError } from './errors.ts'

/** The three periods the model distinguishes. */
export type TimeOfDay = 'day' | 'evening' | 'night'

export const TIMES_OF_DAY: readonly TimeOfDay[] = ['day', 'evening', 'night']

/** A period, a local hour 0..23 (fractions allowed, e.g. 21.5), or a Date (read in `timeZone`, see {@link timeOfDay}). */
export type TimeInput = TimeOfDay | number | Date

export interface TimeOptions {
  /** IANA zone of the region, e.g. `Asia/Kolkata`, used to read a Date. Without it a Date is read in the runtime's zone. */
  timeZone?: string
}

/**
 * Period of a local hour. Fixed clock bands, the same all year (sunset by latitude and season is not modelled):
 * - day: 07:00-17:59
 * - evening (twilight, both dusk and dawn): 18:00-21:59 and 05:00-06:59
 * - night: 22:00-04:59
 */
export function periodOfHour(hour: number): TimeOfDay {
  if (typeof hour !== 'number' || !Number.isFinite(hour) || hour < 0 || hour >= 24) {
    throw new SafetyInputError('hour', 'Hour must be a number from 0 to 23')
  }
  if (hour >= 7 && hour < 18) return 'day'
  if (hour >= 22 || hour < 5) return 'night'
  return 'evening'
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The local hour (0..23, with minutes as a fraction) of a Date in an IANA time zone, or in the runtime's zone. */
export function localHour(date: Date, timeZone?: string): number {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new SafetyInputError('time', 'Time must be a valid Date')
  }
  if (timeZone === undefined) return date.getHours() + date.getMinutes() / 60
  let format = formatters.get(timeZone)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
    } catch {
      throw new SafetyInputError('timeZone', `Unknown time zone: ${timeZone}`)
    }
    formatters.set(timeZone, format)
  }
  let hour = 0
  let minute = 0
  for (const part of format.formatToParts(date)) {
    if (part.type === 'hour') hour = Number(part.value) % 24
    else if (part.type === 'minute') minute = Number(part.value)
  }
  return hour + minute / 60
}

/** Resolves a period, an hour or a Date to a period. Throws {@link SafetyInputError} for anything else. */
export function timeOfDay(time: TimeInput, options: TimeOptions = {}): TimeOfDay {
  if (time === 'day' || time === 'evening' || time === 'night') return time
  if (typeof time === 'number') return periodOfHour(time)
  if (time instanceof Date) return periodOfHour(localHour(time, options.timeZone))
  throw new SafetyInputError('time', 'Time must be day, evening, night, an hour from 0 to 23 or a Date')
}
