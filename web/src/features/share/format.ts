/** Times and distances as the share screens show them: pure, no React, no storage. */
import { equirectangularMetres } from '@wings/geo'
import { t } from './every-screen/messages.ts'

const pad = (n: number) => String(n).padStart(2, '0')

/** 'HH:MM' in the phone's local time, 24-hour (the same on every locale, so screens and tests agree). */
export function clockText(time: string | number | Date): string {
  const date = new Date(typeof time === 'string' ? Date.parse(time) : time)
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** '45 min', '1 h', '3 h 45 min'. */
export function minutesSpan(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = Math.round(minutes % 60)
  if (h === 0) return t('spanMin', { m })
  return m === 0 ? t('spanHours', { h }) : t('spanHoursMin', { h, m })
}

/** 'just now', '5 minutes ago', '2 hours ago', '3 days ago' in her language (Intl, Latin digits). */
export function agoText(at: number, now: number, locale: string): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000)
  if (minutes < 1) return t('justNow')
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })
  if (minutes < 60) return format.format(-minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return format.format(-hours, 'hour')
  return format.format(-Math.floor(hours / 24), 'day')
}

/** Metres between two points: flat-earth (equirectangular) distance, plenty for tens of metres. */
export function metersBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  return equirectangularMetres(a.lat, a.lon, b.lat, b.lon)
}

/**
 * The moment a time typed as 'HH:MM' next falls: today, or tomorrow when it is more than 12 hours gone (so 00:30
 * typed at 23:50 is tonight). A time up to 12 hours gone stays today: the caller says it has passed.
 */
export function nextClockTime(hhmm: string, now: Date): Date | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm)
  if (!match) return null
  const h = Number(match[1])
  const m = Number(match[2])
  if (h > 23 || m > 59) return null
  const at = new Date(now)
  at.setHours(h, m, 0, 0)
  if (now.getTime() - at.getTime() > 12 * 3_600_000) at.setDate(at.getDate() + 1)
  return at
}
