/** The last position the app got, kept on the phone so SOS can still say where she was with no signal or GPS fix. */
import { db } from '../../db/db.ts'
import { t } from './messages.ts'

export interface KnownPosition {
  lat: number
  lon: number
  /** Metres, as the device reported it. */
  accuracy: number
  /** When the device took it (ms since epoch). */
  at: number
}

export const LAST_POSITION_KEY = 'lastPosition'

/** Keeps `position` as the last known one; never fails the caller (a full disk only loses the fallback). */
export async function rememberPosition(position: KnownPosition): Promise<void> {
  try {
    await db.meta.put({ key: LAST_POSITION_KEY, value: position })
  } catch {
    // The live position is still used; only the fallback is lost.
  }
}

export async function lastKnownPosition(): Promise<KnownPosition | null> {
  try {
    const value = (await db.meta.get(LAST_POSITION_KEY))?.value as Partial<KnownPosition> | undefined
    if (!value || !Number.isFinite(value.lat) || !Number.isFinite(value.lon) || !Number.isFinite(value.at)) return null
    return { lat: value.lat as number, lon: value.lon as number, accuracy: value.accuracy ?? 0, at: value.at as number }
  } catch {
    return null
  }
}

/** 'just now', '4 minutes ago', '2 hours ago', '3 days ago': how old a position is, in words (her language). */
export function ageText(at: number, now = Date.now()): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000)
  if (minutes < 1) return t('justNow')
  if (minutes < 60) return t('minutesAgo', { count: minutes })
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return t('hoursAgo', { count: hours })
  return t('daysAgo', { count: Math.floor(hours / 24) })
}
