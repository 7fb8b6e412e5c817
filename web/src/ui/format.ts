import { t } from './messages.ts'

/**
 * Spec: distance in km (metres / 1000, 2 decimals); duration in minutes (seconds / 60, 1 decimal), with the unit in
 * her language (Latin digits in every language). Call them while rendering, in a component that calls its useT().
 */
export const kmText = (meters: number) => t('km', { value: (meters / 1000).toFixed(2) })
export const minutesText = (seconds: number) => t('minutes', { value: (seconds / 60).toFixed(1) })

/** Coordinates as shown to her when no address is known: 4 decimals. */
export const coordsText = (lat: number, lon: number) => `${lat.toFixed(4)}, ${lon.toFixed(4)}`
