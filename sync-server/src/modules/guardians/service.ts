import { randomBytes } from 'node:crypto'
import {
  ErrorCode,
  ErrorMessages,
  GUARDIAN_PAGE_PATH,
  GUARDIANS_MAX,
  type Guardian,
  type GuardianCreateResponse,
  type GuardianInviteView,
  GuardianMessages,
  type GuardianState,
  type Language,
  type PushSubscription,
  tidyText,
} from '@wings/contract'
import type { AttemptLimit } from '../../attempt-limit.ts'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import { hashSecret } from '../share/service.ts'
import type { UsersRepo } from '../users/repo.ts'
import type { Sealer } from './keys.ts'
import type { Mailer } from './mail.ts'
import { isPushServiceEndpoint, pushKeysValid } from './push.ts'
import type { AlertsRepo, GuardianRecord, GuardiansRepo } from './repo.ts'
import { alertLanguage, confirmationMail } from './texts.ts'

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS
/** An invitation nobody accepted (no notifications, no confirmed e-mail) ends after this: a link left in a chat. */
export const GUARDIAN_INVITE_DAYS = 7
/** A confirmation link works this long, once. */
export const EMAIL_CODE_HOURS = 24
/** A removed guardian's link answers 410 this long, then 404 (only its hash is kept meanwhile). */
export const ENDED_LINK_DAYS = 30
/** Alerts and their outbox rows are deleted this long after they were made (what they said is gone once sent). */
export const ALERT_KEEP_DAYS = 7
/** How often the clean-up runs (app.ts). */
export const GUARDIANS_SWEEP_MS = 5 * 60_000

/** 256 random bits, base64url (43 characters): invitation tokens and e-mail codes. */
const newSecret = (): string => randomBytes(32).toString('base64url')
const iso = (ms: number) => new Date(ms).toISOString()

const notFound = () => new HttpError(404, ErrorCode.notFound, GuardianMessages.notFound)
const inviteUnknown = () => new HttpError(404, ErrorCode.notFound, GuardianMessages.inviteUnknown)
const inviteGone = () => new HttpError(410, ErrorCode.gone, GuardianMessages.inviteGone)
const invalid = (message: string) => new HttpError(400, ErrorCode.validation, message)
const rateLimited = (message: string, wait: number) =>
  new HttpError(429, ErrorCode.rateLimited, message, { 'retry-after': String(wait) })

export function stateOf(guardian: GuardianRecord): GuardianState {
  if (guardian.stoppedAt !== null) return 'stopped'
  return guardian.push !== null || guardian.email !== null ? 'active' : 'invited'
}

const toGuardian = (guardian: GuardianRecord): Guardian => ({
  id: guardian.id,
  name: guardian.name,
  state: stateOf(guardian),
  push: guardian.push !== null,
  email: guardian.email !== null,
  emailPending: guardian.emailPending !== null,
  shareStarted: guardian.shareStarted,
})

interface Deps {
  guardians: GuardiansRepo
  alerts: AlertsRepo
  users: UsersRepo
  sealer: Sealer
  /** Null without SMTP_URL: e-mail alerts are not offered. */
  mailer: Mailer | null
  publicUrl: string
  pushOrigins: readonly string[]
  limits: {
    /** Invitations per user. */
    invite: AttemptLimit
    /** Confirmation e-mails per guardian. */
    email: AttemptLimit
  }
  transact: Transact
  now: () => Date
}

/**
 * Guardians (docs/guardians.md). Her side needs her session: invite, list, remove. The guardian's side needs only the
 * invitation token (256 random bits, stored as its SHA-256 and sealed): see what they get, turn notifications or
 * e-mail on, choose "she started sharing", stop.
 */
export function createGuardiansService(deps: Deps) {
  const { guardians, alerts, users, sealer, mailer, publicUrl, pushOrigins, limits, transact, now } = deps

  /** The guardian of a link: 404 unknown, 410 removed or never accepted in time. */
  function byToken(token: string): GuardianRecord {
    const tokenHash = hashSecret(token)
    const guardian = guardians.findByTokenHash(tokenHash)
    if (!guardian) throw guardians.linkEndedAt(tokenHash) === undefined ? inviteUnknown() : inviteGone()
    const unaccepted = guardian.acceptedAt === null && guardian.stoppedAt === null
    if (unaccepted && now().getTime() - Date.parse(guardian.createdAt) > GUARDIAN_INVITE_DAYS * DAY_MS)
      throw inviteGone()
    return guardian
  }

  const firstNameOf = (userId: string) => users.findById(userId)?.firstName ?? ''
  const guardianLink = (token: string) => `${publicUrl}${GUARDIAN_PAGE_PATH}${token}`

  return {
    /** Whether e-mail alerts are offered (SMTP_URL is set). */
    emailAvailable: mailer !== null,

    /** POST /api/guardians: a new invitation; 409 beyond GUARDIANS_MAX, 429 over the invitation limit. */
    invite(userId: string, name: string): GuardianCreateResponse {
      return transact(() => {
        if (guardians.countByUser(userId) >= GUARDIANS_MAX)
          throw new HttpError(409, ErrorCode.conflict, GuardianMessages.tooMany)
        const wait = limits.invite.attempt(`user ${userId}`)
        if (wait > 0) throw rateLimited(GuardianMessages.tooManyInvites, wait)
        const token = newSecret()
        const guardian = {
          id: newId(),
          userId,
          name: tidyText(name),
          tokenHash: hashSecret(token),
          tokenSealed: sealer.seal(token),
          createdAt: now().toISOString(),
        }
        guardians.insert(guardian)
        return { id: guardian.id, name: guardian.name, state: 'invited', inviteUrl: `${GUARDIAN_PAGE_PATH}${token}` }
      })
    },

    /** GET /api/guardians: hers only, oldest first. */
    list: (userId: string): Guardian[] => guardians.byUser(userId).map(toGuardian),

    /**
     * DELETE /api/guardians/:id: deletes the guardian with their subscription, address and queued alerts at once; its
     * link answers 410 from now on. 404 for an id that is not one of hers (someone else's is not told apart).
     */
    remove(userId: string, id: string): void {
      transact(() => {
        const guardian = guardians.find(id)
        if (!guardian || guardian.userId !== userId) throw notFound()
        guardians.endLink(guardian.tokenHash, now().toISOString())
        guardians.delete(id)
      })
    },

    /** GET /api/guardian-invites/:token: who invited them (her first name only) and where they stand. */
    view(token: string): GuardianInviteView {
      const guardian = byToken(token)
      return {
        inviterName: firstNameOf(guardian.userId),
        state: stateOf(guardian),
        push: guardian.push !== null,
        email: guardian.email !== null,
        emailPending: guardian.emailPending !== null,
        shareStarted: guardian.shareStarted,
        emailAvailable: mailer !== null,
      }
    },

    /**
     * POST /api/guardian-invites/:token/push: alerts as notifications on this browser (replacing an earlier
     * subscription). 400 for keys that are not a browser's, or an endpoint not on a push service's origin.
     */
    subscribe(token: string, subscription: PushSubscription, language: Language | null = null): void {
      const guardian = byToken(token)
      const { endpoint, keys } = subscription
      if (!isPushServiceEndpoint(endpoint, pushOrigins)) throw invalid(GuardianMessages.pushService)
      if (!pushKeysValid(keys.p256dh, keys.auth)) throw invalid(GuardianMessages.subscription)
      transact(() => {
        guardians.setPush(guardian.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, now().toISOString())
        if (language) guardians.setLanguage(guardian.id, language)
      })
    },

    /**
     * POST /api/guardian-invites/:token/email: mails a confirmation link to `email`; alerts go there once it is opened.
     * 503 without SMTP_URL; 429 over the per-guardian limit; nothing is stored unless the mail went out.
     */
    async requestEmail(token: string, email: string, language: Language | null = null): Promise<void> {
      if (!mailer) throw new HttpError(503, ErrorCode.unavailable, GuardianMessages.emailUnavailable)
      const guardian = byToken(token)
      const wait = limits.email.attempt(`guardian ${guardian.id}`)
      if (wait > 0) throw rateLimited(ErrorMessages.tooManyRequests, wait)
      const code = newSecret()
      const address = email.trim().toLowerCase()
      const link = `${guardianLink(token)}?confirm=${code}`
      const her = users.findById(guardian.userId)
      const sent = await mailer.send(
        confirmationMail(
          her?.firstName ?? '',
          address,
          link,
          `${guardianLink(token)}?stop=1`,
          alertLanguage(language ?? guardian.language, her?.language ?? null),
        ),
      )
      if (sent === 'failed') throw invalid(GuardianMessages.emailFailed)
      if (sent === 'retry')
        throw new HttpError(503, ErrorCode.unavailable, GuardianMessages.emailFailed, { 'retry-after': '60' })
      // Removed while the mail was on its way: nothing is stored for them.
      byToken(token)
      transact(() => {
        guardians.setEmailPending(
          guardian.id,
          address,
          hashSecret(code),
          iso(now().getTime() + EMAIL_CODE_HOURS * HOUR_MS),
        )
        if (language) guardians.setLanguage(guardian.id, language)
      })
    },

    /** POST /api/guardian-invites/:token/email/confirm: 400 for a wrong, expired or used code. */
    confirmEmail(token: string, code: string, language: Language | null = null): void {
      const guardian = byToken(token)
      transact(() => {
        if (!guardians.confirmEmail(guardian.id, hashSecret(code), now().toISOString()))
          throw invalid(GuardianMessages.codeWrong)
        if (language) guardians.setLanguage(guardian.id, language)
      })
    },

    /** POST /api/guardian-invites/:token/preferences. */
    setPreferences(token: string, shareStarted: boolean): void {
      guardians.setShareStarted(byToken(token).id, shareStarted)
    },

    /** POST /api/guardian-invites/:token/stop: no more alerts; their subscription and address are forgotten at once. */
    stop(token: string): void {
      const guardian = byToken(token)
      transact(() => {
        guardians.stop(guardian.id, now().toISOString())
        alerts.deletePendingOf(guardian.id)
      })
    },

    /**
     * The clean-up (every GUARDIANS_SWEEP_MS): e-mails never confirmed in time are forgotten, what sent alerts said is
     * cleared, alerts older than ALERT_KEEP_DAYS and ended links older than ENDED_LINK_DAYS are deleted.
     */
    sweep(): void {
      const at = now().getTime()
      transact(() => {
        guardians.clearExpiredEmailCodes(iso(at))
        alerts.clearDataOfDone()
        alerts.deleteBefore(iso(at - ALERT_KEEP_DAYS * DAY_MS))
        guardians.deleteLinksEndedBefore(iso(at - ENDED_LINK_DAYS * DAY_MS))
      })
    },
  }
}

export type GuardiansService = ReturnType<typeof createGuardiansService>
