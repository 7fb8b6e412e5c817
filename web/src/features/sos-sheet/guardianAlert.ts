/**
 * Her SOS alerts her guardians through Wings' server (docs/guardians.md): the 'sos.alert' op in the outbox, so an
 * SOS pressed offline goes out, exactly once, when she is back online. The sheet says what became of it.
 */
import { DEFAULT_LANGUAGE, GuardianMessages, SHARE_ACCURACY_MAX, SOS_MESSAGE_MAX, type SosBody } from '@wings/contract'
import { db } from '../../db/db.ts'
import { saveFailedMessage } from '../../db/storage.ts'
import { i18n } from '../../i18n/catalog.tsx'
import { queueAndSend } from '../../sync/send.ts'
import { activeCount, fetchGuardians } from '../guardians/index.ts'
import type { PendingShare, ShareSession } from '../share/index.ts'
import { ageText, type KnownPosition, lastKnownPosition } from '../sos/index.ts'
import { t } from './messages.ts'

/** What her guardians read as her words when she did not write her own (the English; sent in her language). */
export const SOS_ALERT_MESSAGE = 'I need help! This is an emergency. Please reach me as soon as possible.'

export type GuardianAlert =
  /** Being queued and sent. */
  | { kind: 'sending' }
  /** The server has it: `count` active guardians are being alerted (null: it could not be told how many). */
  | { kind: 'alerted'; count: number | null }
  /** She has no guardians, or none has turned alerts on: nobody is alerted. */
  | { kind: 'none'; invited: boolean }
  /** Kept in the outbox: it goes when she is back online. */
  | { kind: 'waiting' }
  /** Her position is not known: nothing could be sent (said in her language whenever it is shown). */
  | { kind: 'noPosition' }
  | { kind: 'failed'; text: string }

/** The sheet's words for a failed alert, in her language when read. */
export const GuardianAlertText = {
  get noPosition() {
    return t('guardiansNoPosition')
  },
  get failed() {
    return t('guardiansFailed')
  },
}

/** The server's refusal in her language: its known English message translated; another, in English as it came. */
export function refusalText(message: string): string {
  if (message === GuardianMessages.tooManyAlerts) return t('guardiansTooMany')
  return message && i18n.locale === DEFAULT_LANGUAGE ? message : GuardianAlertText.failed
}

/** The op's payload: her position, the live link's token when a share runs, and her message. */
export function sosBody(position: KnownPosition, shareToken?: string, message?: string): SosBody {
  return {
    lat: position.lat,
    lon: position.lon,
    ...(position.accuracy > 0 && position.accuracy <= SHARE_ACCURACY_MAX ? { accuracy: position.accuracy } : {}),
    ...(shareToken ? { shareToken } : {}),
    message: (message?.trim() || t('alertMessage')).slice(0, SOS_MESSAGE_MAX),
  }
}

/** Her words with how old her position is, when it is the last known one rather than a fresh fix. */
export function staleMessage(message: string | undefined, at: number, now = Date.now()): string {
  return `${message?.trim() || t('alertMessage')} ${t('staleNote', { age: ageText(at, now) })}`
}

/** Guardians belong to her account: signed out, the SOS has nobody to alert through Wings. */
export async function isSignedIn(): Promise<boolean> {
  return !!(await db.user.get('me').catch(() => undefined))
}

/** Queues the SOS alert and, online, sends it at once; answers what the sheet should say. */
export async function alertGuardians(
  position: KnownPosition | null,
  shareToken?: string,
  message?: string,
): Promise<GuardianAlert> {
  if (!position) return { kind: 'noPosition' }
  let outcome: Awaited<ReturnType<typeof queueAndSend>>
  try {
    outcome = await queueAndSend('sos.alert', sosBody(position, shareToken, message))
  } catch (error) {
    return { kind: 'failed', text: saveFailedMessage(error, GuardianAlertText.failed) }
  }
  if (outcome.status === 'waiting') return { kind: 'waiting' }
  if (outcome.status === 'rejected') return { kind: 'failed', text: refusalText(outcome.message) }
  try {
    const guardians = await fetchGuardians()
    const count = activeCount(guardians)
    return count > 0 ? { kind: 'alerted', count } : { kind: 'none', invited: guardians.length > 0 }
  } catch {
    return { kind: 'alerted', count: null }
  }
}

/**
 * An SOS alert waiting for its live link: her guardians get the link with it, so it goes once the share exists (or
 * once it will not: refused, cancelled, too late, or the server reachable but not making it for ALERT_LINK_WAIT_MS).
 * Kept in `meta`, so a reload while offline does not lose it.
 */
export interface HeldAlert {
  position: KnownPosition
  message?: string
  /** When it was held (ms). */
  heldAt: number
}

export const HELD_ALERT_KEY = 'sosAlertHeld'
/** How long the alert waits for a link the server is not making (it answers, but 429 or 5xx), before it goes alone. */
export const ALERT_LINK_WAIT_MS = 8_000
/** A position older than this goes with its age in her words. */
export const FRESH_POSITION_MS = 2 * 60_000

export async function holdAlert(position: KnownPosition, message?: string): Promise<void> {
  const held: HeldAlert = { position, heldAt: Date.now(), ...(message ? { message } : {}) }
  await db.meta.put({ key: HELD_ALERT_KEY, value: held })
}

export async function readHeldAlert(): Promise<HeldAlert | null> {
  const value = (await db.meta.get(HELD_ALERT_KEY).catch(() => undefined))?.value as HeldAlert | undefined
  return value?.position ? value : null
}

export type HeldDecision = { send: true; token?: string } | { send: false; recheckInMs?: number }

/** Whether the held alert goes now, and with which live link. Pure. */
export function heldAlertDecision(
  held: HeldAlert,
  session: ShareSession | null,
  pending: PendingShare | null,
  now: number,
): HeldDecision {
  if (session) return { send: true, token: session.token }
  if (!pending || pending.failed) return { send: true }
  if (pending.reason === 'busy') {
    const waited = now - Math.max(held.heldAt, Date.parse(pending.reachedAt ?? pending.since))
    return waited >= ALERT_LINK_WAIT_MS ? { send: true } : { send: false, recheckInMs: ALERT_LINK_WAIT_MS - waited }
  }
  // No connection: the alert could not go anyway; it goes with the link as soon as there is one.
  return { send: false }
}

/** Takes the held alert (once, whoever asks) and queues it; answers what became of it, or null if none was held. */
export async function releaseHeldAlert(token?: string): Promise<GuardianAlert | null> {
  const held = await db.transaction('rw', db.meta, async () => {
    const value = await readHeldAlert()
    if (value) await db.meta.delete(HELD_ALERT_KEY)
    return value
  })
  if (!held) return null
  // The phone may know a newer position by now (the live share sends and keeps them).
  const latest = await lastKnownPosition()
  const position = latest && latest.at > held.position.at ? latest : held.position
  const old = Date.now() - position.at > FRESH_POSITION_MS
  return alertGuardians(position, token, old ? staleMessage(held.message, position.at) : held.message)
}
