/**
 * Emergency SOS: the message and the links that carry it (a messaging app, SMS to her trusted contacts, a call to
 * 112). Pure functions; the sheet (sos-sheet/SosSheet.tsx) finds the position and shows them.
 */
import { EMERGENCY_NUMBER, normalizePhone } from '@wings/contract'
import { ageText, type KnownPosition } from './lastPosition.ts'
import { t } from './messages.ts'

// The spec's English texts, as in locales/en.json (a test checks): the app shows and sends them in her language
// through t().
export const SOS_MESSAGE =
  'I need help! This is an emergency. Please reach me as soon as possible. My current location is:'
export const SOS_CONFIRM = 'Send an emergency SOS with your current location?'
export const SOS_NO_LOCATION = 'Unable to retrieve location. Please enable location access.'
export const SOS_NO_GEOLOCATION = 'Geolocation is not supported by your browser.'
/** Spec: high accuracy, and no longer than this for a fix before the last known position is used. */
export const SOS_LOCATE_TIMEOUT_MS = 10_000

/** Where the message says she is: a fresh fix, or the last known one (`stale`), or nothing known. */
export interface SosPlace {
  position: KnownPosition | null
  stale: boolean
}

export const mapsLink = (lat: number, lon: number) => `https://maps.google.com/?q=${lat.toFixed(5)},${lon.toFixed(5)}`

/** The message before she agreed to send her position (or after she declined): no place in it at all. */
export const SOS_MESSAGE_NO_PLACE = 'I need help! This is an emergency. Please reach me as soon as possible.'

/**
 * The message: her words (or the default), the coordinates and a maps link, their age when old, and the live link.
 * `place` null: she has not agreed to send her position, so the message says nothing of it. In the language she
 * reads now (made when she sends it); the coordinates, the maps link and the live link stay as they are.
 */
export function sosText(
  place: SosPlace | null,
  options: { message?: string; liveLink?: string; now?: number } = {},
): string {
  const { message = t('message'), liveLink, now = Date.now() } = options
  if (!place) return options.message ?? t('messageNoPlace')
  const lines: string[] = []
  const { position } = place
  if (position) {
    const la = position.lat.toFixed(5)
    const lo = position.lon.toFixed(5)
    const age = place.stale ? ` (${t('lastKnown', { age: ageText(position.at, now) })})` : ''
    lines.push(`${message} ${la}, ${lo}${age}`, mapsLink(position.lat, position.lon))
  } else {
    lines.push(`${message} ${t('unknownPlace')}`)
  }
  if (liveLink) lines.push(t('followLive', { link: liveLink }))
  return lines.join('\n')
}

/**
 * A WhatsApp link with the text: to one contact when `phone` is given (wa.me takes the E.164 number without its
 * '+'), else the app asks whom to send it to.
 */
export function whatsappLink(text: string, phone?: string): string {
  const to = phone ? normalizePhone(phone).replace(/\D/g, '') : ''
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`
}

/**
 * An `sms:` link to every number at once (Android and iOS both read a comma-separated list), with the text: SMS
 * works with no mobile data. With no numbers, the messaging app asks whom to send it to.
 */
export function smsLink(phones: readonly string[], text: string): string {
  return `sms:${phones.join(',')}?body=${encodeURIComponent(text)}`
}

export const callLink = (number: string = EMERGENCY_NUMBER) => `tel:${number}`
