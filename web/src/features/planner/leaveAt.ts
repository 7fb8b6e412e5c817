/**
 * "Leaving now" or "at 22:30": the time sent to the server as `at` (an ISO date-time) and said on the cards. A time
 * of day already past today means tomorrow (at 23:00, "at 06:30" is the next morning).
 */
import { periodOfHour } from '@wings/safety'
import { t } from './messages.ts'

/** 'HH:MM', 00:00 to 23:59 (what an <input type="time"> gives). */
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** The next moment (from `now`, in the phone's time zone) the clock shows `time`; null for a bad time. */
export function nextAt(time: string, now: Date = new Date()): Date | null {
  const match = TIME.exec(time)
  if (!match) return null
  const at = new Date(now)
  at.setHours(Number(match[1]), Number(match[2]), 0, 0)
  if (at.getTime() < now.getTime() - 60_000) at.setDate(at.getDate() + 1)
  return at
}

/** '22:30' of a Date in the phone's time zone. */
export function clockText(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`
}

/** "Scored for 22:30, after dark" (the model's period of that hour, docs/safety-model.md section 2). */
export function scoredForText(iso: string): string | null {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  const period = periodOfHour(date.getHours() + date.getMinutes() / 60)
  return t('scoredFor', { time: clockText(date), period })
}
