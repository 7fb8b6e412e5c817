/**
 * Anonymous incident reports: the form's rules and how a report travels (through the outbox, so it works offline
 * and is sent exactly once).
 */
import {
  INCIDENT_CATEGORIES,
  INCIDENT_CLOCK_SKEW_MINUTES,
  INCIDENT_DESCRIPTION_MAX,
  INCIDENT_MAX_AGE_DAYS,
  type IncidentBody,
  type IncidentCategory,
  IncidentMessages,
} from '@wings/contract'
import type { OpOutcome } from '../../sync/engine.ts'
import { queueAndSend } from '../../sync/send.ts'

export const REPORT_SAVED = IncidentMessages.saved
export const REPORT_OFFLINE = 'Saved on this phone: it will be sent when you are back online.'
export const REPORT_FAILED = 'Your report could not be saved. Please try again.'
export const STORED_STATEMENT =
  'We store the category, the time rounded to the hour, the place rounded to about 50 m and your description. We do not store your name, account, IP address or device. Reports show on the map in batches, within about an hour, so nobody can tell who sent one.'

export const ReportProblems = {
  category: 'Choose a category',
  when: 'Say when it happened',
  whenInvalid: 'Enter a valid date and time',
  where: 'Choose where it happened: use your location or search for a place',
} as const

export interface ReportPlace {
  lat: number
  lon: number
  /** What she chose, shown back to her: 'Your location' or the place's name. */
  label: string
}

export interface ReportValues {
  category: string
  /** A datetime-local value, in the phone's time zone. */
  when: string
  where: ReportPlace | null
  description: string
}

export const CATEGORY_LABELS: Record<IncidentCategory, string> = Object.fromEntries(
  INCIDENT_CATEGORIES.map((c) => [c, c.charAt(0).toUpperCase() + c.slice(1)]),
) as Record<IncidentCategory, string>

const pad = (n: number) => String(n).padStart(2, '0')

/** A Date as a datetime-local value (local time, minutes). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A datetime-local value as a Date (read in the phone's time zone), or null. */
export function fromLocalInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim())
  if (!m) return null
  const [, y, mo, d, h, mi, s] = m
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0))
  return Number.isNaN(date.getTime()) ? null : date
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The earliest time a report may name: a year ago. */
export function oldestAllowed(now: Date): Date {
  return new Date(now.getTime() - INCIDENT_MAX_AGE_DAYS * DAY_MS)
}

export function isCategory(value: string): value is IncidentCategory {
  return (INCIDENT_CATEGORIES as readonly string[]).includes(value)
}

/** One message per bad field (category, when, where, description). */
export function reportProblems(values: ReportValues, now = new Date()): Partial<Record<keyof ReportValues, string>> {
  const problems: Partial<Record<keyof ReportValues, string>> = {}
  if (!values.category) problems.category = ReportProblems.category
  else if (!isCategory(values.category)) problems.category = IncidentMessages.category
  if (!values.when.trim()) problems.when = ReportProblems.when
  else {
    const when = fromLocalInput(values.when)
    if (!when) problems.when = ReportProblems.whenInvalid
    else if (when.getTime() > now.getTime() + INCIDENT_CLOCK_SKEW_MINUTES * 60_000)
      problems.when = IncidentMessages.inFuture
    else if (when.getTime() < oldestAllowed(now).getTime()) problems.when = IncidentMessages.tooOld
  }
  if (!values.where) problems.where = ReportProblems.where
  if (values.description.length > INCIDENT_DESCRIPTION_MAX) problems.description = IncidentMessages.description
  return problems
}

/** The body sent: only what the statement says is stored (the server also rounds time and place). */
export function reportBody(values: ReportValues): IncidentBody {
  const when = fromLocalInput(values.when)
  if (!values.where || !when || !isCategory(values.category)) throw new Error('Report is not valid')
  const description = values.description.trim()
  return {
    category: values.category,
    lat: values.where.lat,
    lon: values.where.lon,
    occurredAt: when.toISOString(),
    ...(description ? { description } : {}),
  }
}

/** Queues the report in the outbox and, when online, sends it at once (see queueAndSend). */
export function sendIncidentReport(body: IncidentBody): Promise<OpOutcome> {
  return queueAndSend('incident.report', body)
}
