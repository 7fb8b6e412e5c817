/** The device's position for the estimator and the report form (spec: coordinates rounded to 4 decimals). */

export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by your browser.'

/** The spec's alert when detection fails: 'Error fetching location: {reason}'. */
export const locationErrorMessage = (reason: string) => `Error fetching location: ${reason}`

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

const REASONS: Record<number, string> = {
  1: 'User denied Geolocation',
  2: 'Position unavailable',
  3: 'Timeout expired',
}

/** A readable reason for a failed position: the browser's message, else one from its code. */
export function reasonOf(error: { code?: number; message?: string } | null | undefined): string {
  const message = error?.message?.trim()
  if (message) return message
  return REASONS[error?.code ?? 0] ?? 'Unknown error'
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
    return Promise.reject(new LocationError(GEOLOCATION_UNSUPPORTED, 'unsupported'))
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
