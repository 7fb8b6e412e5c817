import { i18n } from '../../i18n/catalog.tsx'
import { t } from './messages.ts'

/** The device's position for the estimator and the report form (spec: coordinates rounded to 4 decimals). */
export const geolocationUnsupported = () => t('geoUnsupported')

/** The spec's alert when detection fails: 'Error fetching location: {reason}'. */
export const locationErrorMessage = (reason: string) => t('locationError', { reason })

/** 4 decimals is about 11 m: enough for a street, and the spec's rounding. */
export function roundCoord(value: number): number {
  return Math.round(value * 1e4) / 1e4
}

export class LocationError extends Error {
  /** The spec's alert text for this failure. */
  readonly alert: string
  constructor(alert: string, reason: string) {
    super(reason)
    this.name = 'LocationError'
    this.alert = alert
  }
}

const REASONS = { 1: 'reasonDenied', 2: 'reasonUnavailable', 3: 'reasonTimeout' } as const

/** The reason of a failure by its code, in her language; null for an unknown code. */
const reasonOfCode = (code: number | undefined): string | null => {
  const key = REASONS[(code ?? 0) as keyof typeof REASONS]
  return key ? t(key) : null
}

/** A readable reason for a failed position: the browser's message, else one from its code. */
export function reasonOf(error: { code?: number; message?: string } | null | undefined): string {
  const message = error?.message?.trim()
  // The browser's message is in English: in Hindi or Marathi, the reason of its code is said in her language.
  if (message && (i18n.locale === 'en' || reasonOfCode(error?.code) === null)) return message
  return reasonOfCode(error?.code) ?? t('reasonUnknown')
}

export function geolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation)
}

/**
 * The device's position, rounded to 4 decimals. Rejects with a LocationError whose `alert` is the spec's text:
 * 'Geolocation is not supported by your browser.' or 'Error fetching location: {reason}'.
 */
export function detectPosition(timeoutMs = 15000): Promise<{ lat: number; lon: number }> {
  if (!geolocationSupported()) {
    return Promise.reject(new LocationError(geolocationUnsupported(), 'unsupported'))
  }
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: roundCoord(position.coords.latitude), lon: roundCoord(position.coords.longitude) }),
      (error) => {
        const reason = reasonOf(error)
        reject(new LocationError(locationErrorMessage(reason), reason))
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60000 },
    )
  })
}
