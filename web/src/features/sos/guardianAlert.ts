/**
 * Her SOS alerts her guardians through Wings' server (docs/guardians.md): the 'sos.alert' op in the outbox, so an
 * SOS pressed offline goes out, exactly once, when she is back online. The sheet says what became of it.
 */
import { GuardianMessages, SHARE_ACCURACY_MAX, SOS_MESSAGE_MAX, type SosBody } from '@wings/contract'
import { db } from '../../db/db.ts'
import { saveFailedMessage } from '../../db/storage.ts'
import { queueAndSend } from '../../sync/send.ts'
import { fetchGuardians } from '../guardians/api.ts'
import { activeCount } from '../guardians/invite.ts'
import { ageText, type KnownPosition } from './lastPosition.ts'

/** What her guardians read as her words when she did not write her own. */
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
  | { kind: 'failed'; text: string }

export const GuardianAlertText = {
  noPosition: 'Your guardians could not be alerted: your location is not known. Call 112 or send an SMS.',
  failed: 'Your guardians could not be alerted. Call 112 or send an SMS.',
} as const

/** The op's payload: her position, the live link's token when a share runs, and her message. */
export function sosBody(position: KnownPosition, shareToken?: string, message?: string): SosBody {
  return {
    lat: position.lat,
    lon: position.lon,
    ...(position.accuracy > 0 && position.accuracy <= SHARE_ACCURACY_MAX ? { accuracy: position.accuracy } : {}),
    ...(shareToken ? { shareToken } : {}),
    message: (message?.trim() || SOS_ALERT_MESSAGE).slice(0, SOS_MESSAGE_MAX),
  }
}

/** Her words with how old her position is, when it is the last known one rather than a fresh fix. */
export function staleMessage(message: string | undefined, at: number, now = Date.now()): string {
  return `${message?.trim() || SOS_ALERT_MESSAGE} (Wings could not find my location now: this is my last known position, ${ageText(at, now)}.)`
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
  if (!position) return { kind: 'failed', text: GuardianAlertText.noPosition }
  let outcome: Awaited<ReturnType<typeof queueAndSend>>
  try {
    outcome = await queueAndSend('sos.alert', sosBody(position, shareToken, message))
  } catch (error) {
    return { kind: 'failed', text: saveFailedMessage(error, GuardianAlertText.failed) }
  }
  if (outcome.status === 'waiting') return { kind: 'waiting' }
  if (outcome.status === 'rejected') return { kind: 'failed', text: outcome.message || GuardianAlertText.failed }
  try {
    const guardians = await fetchGuardians()
    const count = activeCount(guardians)
    return count > 0 ? { kind: 'alerted', count } : { kind: 'none', invited: guardians.length > 0 }
  } catch {
    return { kind: 'alerted', count: null }
  }
}

/** The sheet's words for it (the 'none' case also links to Safety tools). */
export function guardianAlertText(alert: GuardianAlert): string {
  switch (alert.kind) {
    case 'sending':
      return 'Alerting your guardians…'
    case 'alerted':
      return alert.count === null
        ? GuardianMessages.sosQueued
        : `${alert.count} guardian${alert.count === 1 ? '' : 's'} alerted.`
    case 'none':
      return alert.invited
        ? 'None of your guardians has turned on alerts yet, so nobody was alerted by Wings.'
        : 'No guardians yet: invite one on Safety tools.'
    case 'waiting':
      return 'Your guardians will be alerted when you are back online.'
    case 'failed':
      return alert.text
  }
}
