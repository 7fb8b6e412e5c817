/**
 * Anonymous incident reports: the form's rules and how a report travels (through the outbox, so it works offline
 * and is sent exactly once).
 */
import {
  ErrorCode,
  INCIDENT_CATEGORIES,
  INCIDENT_CLOCK_SKEW_MINUTES,
  INCIDENT_DESCRIPTION_MAX,
  INCIDENT_MAX_AGE_DAYS,
  type IncidentBody,
  type IncidentCategory,
  IncidentMessages,
} from '@wings/contract'
import { i18n } from '../../i18n/catalog.tsx'
import type { OpOutcome } from '../../sync/engine.ts'
import { queueAndSend } from '../../sync/send.ts'
import { type IncidentKey, t } from './messages.ts'

/** The label of a place found by 'Use my location', and of one chosen on the map: shown in her language. */
export const YOUR_LOCATION = 'Your location'
export const CHOSEN_ON_MAP = 'Chosen on the map'

export interface ReportPlace {
  lat: number
  lon: number
  /** What she chose, shown back to her: YOUR_LOCATION, CHOSEN_ON_MAP or the place's name. */
  label: string
}

/** A place's label as she reads it: the place's own name as it is, the app's labels in her language. */
export function placeLabel(place: ReportPlace): string {
  if (place.label === YOUR_LOCATION) return t('yourLocation')
  if (place.label === CHOSEN_ON_MAP) return t('chosenOnMap')
  return place.label
}

const CATEGORY_KEYS: Record<IncidentCategory, IncidentKey> = {
  harassment: 'catHarassment',
  stalking: 'catStalking',
  assault: 'catAssault',
  theft: 'catTheft',
  'poor lighting': 'catPoorLighting',
  'deserted area': 'catDesertedArea',
  'unsafe transport': 'catUnsafeTransport',
  other: 'catOther',
}

/** A category's name in her language ('Poor lighting' in English). */
export const categoryLabel = (category: IncidentCategory): string => t(CATEGORY_KEYS[category])

/**
 * The contract's messages (IncidentMessages, English, what the server answers) the form can show, and the key of
 * each in her language.
 */
export const CONTRACT_MESSAGES: ReadonlyMap<string, IncidentKey> = new Map<string, IncidentKey>([
  [IncidentMessages.saved, 'saved'],
  [IncidentMessages.category, 'problemCategoryUnknown'],
  [IncidentMessages.inFuture, 'problemInFuture'],
  [IncidentMessages.tooOld, 'problemTooOld'],
  [IncidentMessages.description, 'problemDescription'],
])

/** One of CONTRACT_MESSAGES in her language (the same English text in English). */
function contractMessage(message: string): string {
  const key = CONTRACT_MESSAGES.get(message)
  if (!key) return message
  const categories =
    i18n.locale === 'en' ? INCIDENT_CATEGORIES.join(', ') : INCIDENT_CATEGORIES.map(categoryLabel).join(', ')
  return t(key, { categories, max: String(INCIDENT_DESCRIPTION_MAX) })
}

/**
 * What to tell her when the server refused a report: its message in her language when the app knows it (a rule of
 * the contract, too many reports); in English the server's own words; else that it could not be saved.
 */
export function refusalMessage(outcome: { code: string; message: string }): string {
  if (CONTRACT_MESSAGES.has(outcome.message)) return contractMessage(outcome.message)
  if (i18n.locale === 'en') return outcome.message || t('failed')
  return outcome.code === ErrorCode.rateLimited ? t('tooManyRequests') : t('failed')
}

export interface ReportValues {
  category: string
  /** A datetime-local value, in the phone's time zone. */
  when: string
  where: ReportPlace | null
  description: string
}

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

/**
 * One message per bad field (category, when, where, description), in her language: the form's own, and the
 * contract's rules (IncidentMessages) told in her words.
 */
export function reportProblems(values: ReportValues, now = new Date()): Partial<Record<keyof ReportValues, string>> {
  const problems: Partial<Record<keyof ReportValues, string>> = {}
  if (!values.category) problems.category = t('problemCategory')
  else if (!isCategory(values.category)) problems.category = contractMessage(IncidentMessages.category)
  if (!values.when.trim()) problems.when = t('problemWhen')
  else {
    const when = fromLocalInput(values.when)
    if (!when) problems.when = t('problemWhenInvalid')
    else if (when.getTime() > now.getTime() + INCIDENT_CLOCK_SKEW_MINUTES * 60_000)
      problems.when = contractMessage(IncidentMessages.inFuture)
    else if (when.getTime() < oldestAllowed(now).getTime()) problems.when = contractMessage(IncidentMessages.tooOld)
  }
  if (!values.where) problems.where = t('problemWhere')
  if (values.description.length > INCIDENT_DESCRIPTION_MAX)
    problems.description = contractMessage(IncidentMessages.description)
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
