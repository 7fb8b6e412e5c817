import { type AlertKind, isLanguage, type Language } from '@wings/contract'
import type { Db } from '../../db/connection.ts'
import { findOne } from '../../db/rows.ts'
import type { PushTarget } from './push.ts'

interface GuardianRow {
  id: string
  user_id: string
  name: string
  token_hash: string
  token_sealed: string
  created_at: string
  accepted_at: string | null
  stopped_at: string | null
  push_endpoint: string | null
  push_p256dh: string | null
  push_auth: string | null
  email: string | null
  email_pending: string | null
  email_code_hash: string | null
  email_code_expires_at: string | null
  share_started: number
  language: string | null
}

export interface NewGuardian {
  id: string
  userId: string
  name: string
  tokenHash: string
  tokenSealed: string
  createdAt: string
}

export interface GuardianRecord extends NewGuardian {
  acceptedAt: string | null
  stoppedAt: string | null
  push: PushTarget | null
  /** Confirmed. */
  email: string | null
  /** Given, waiting for its confirmation link. */
  emailPending: { email: string; codeHash: string; expiresAt: string } | null
  shareStarted: boolean
  /** The language their page asked in when they turned alerts on; null when it did not say. */
  language: Language | null
}

const toGuardian = (row: GuardianRow): GuardianRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  tokenHash: row.token_hash,
  tokenSealed: row.token_sealed,
  createdAt: row.created_at,
  acceptedAt: row.accepted_at,
  stoppedAt: row.stopped_at,
  push:
    row.push_endpoint === null || row.push_p256dh === null || row.push_auth === null
      ? null
      : { endpoint: row.push_endpoint, p256dh: row.push_p256dh, auth: row.push_auth },
  email: row.email,
  emailPending:
    row.email_pending === null || row.email_code_hash === null || row.email_code_expires_at === null
      ? null
      : { email: row.email_pending, codeHash: row.email_code_hash, expiresAt: row.email_code_expires_at },
  shareStarted: row.share_started === 1,
  language: isLanguage(row.language) ? row.language : null,
})

const GUARDIAN_COLUMNS = `id, user_id, name, token_hash, token_sealed, created_at, accepted_at, stopped_at,
  push_endpoint, push_p256dh, push_auth, email, email_pending, email_code_hash, email_code_expires_at, share_started,
  language`

/** Reachable: not stopped, with notifications on or a confirmed e-mail. */
const ACTIVE = 'stopped_at IS NULL AND (push_endpoint IS NOT NULL OR email IS NOT NULL)'
const CLEAR_CHANNELS = `push_endpoint = NULL, push_p256dh = NULL, push_auth = NULL, email = NULL, email_pending = NULL,
  email_code_hash = NULL, email_code_expires_at = NULL`

/** Every SQL statement on guardians. Times are ISO-8601 UTC strings. */
export function createGuardiansRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO guardians (id, user_id, name, token_hash, token_sealed, created_at)
    VALUES (@id, @userId, @name, @tokenHash, @tokenSealed, @createdAt)`)
  const byId = db.prepare<[string], GuardianRow>(`SELECT ${GUARDIAN_COLUMNS} FROM guardians WHERE id = ?`)
  const byTokenHash = db.prepare<[string], GuardianRow>(
    `SELECT ${GUARDIAN_COLUMNS} FROM guardians WHERE token_hash = ?`,
  )
  const byUser = db.prepare<[string], GuardianRow>(
    `SELECT ${GUARDIAN_COLUMNS} FROM guardians WHERE user_id = ? ORDER BY created_at, id`,
  )
  const countByUser = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM guardians WHERE user_id = ?')
  const remove = db.prepare('DELETE FROM guardians WHERE id = ?')
  const setPush = db.prepare(`UPDATE guardians SET push_endpoint = @endpoint, push_p256dh = @p256dh,
    push_auth = @auth, accepted_at = COALESCE(accepted_at, @now), stopped_at = NULL WHERE id = @id`)
  // Only the subscription that failed: a newer one taken meanwhile stays.
  const clearPush = db.prepare(`UPDATE guardians SET push_endpoint = NULL, push_p256dh = NULL, push_auth = NULL
    WHERE id = @id AND push_endpoint = @endpoint`)
  const setEmailPending = db.prepare(`UPDATE guardians SET email_pending = @email, email_code_hash = @codeHash,
    email_code_expires_at = @expiresAt WHERE id = @id`)
  const confirmEmail = db.prepare(`UPDATE guardians SET email = email_pending, email_pending = NULL,
    email_code_hash = NULL, email_code_expires_at = NULL, accepted_at = COALESCE(accepted_at, @now),
    stopped_at = NULL WHERE id = @id AND email_code_hash = @codeHash AND email_code_expires_at > @now`)
  const clearExpiredCodes = db.prepare(`UPDATE guardians SET email_pending = NULL, email_code_hash = NULL,
    email_code_expires_at = NULL WHERE email_code_expires_at <= @now`)
  const setShareStarted = db.prepare('UPDATE guardians SET share_started = @value WHERE id = @id')
  const setLanguage = db.prepare('UPDATE guardians SET language = @language WHERE id = @id')
  const stop = db.prepare(`UPDATE guardians SET stopped_at = @now, share_started = 0, ${CLEAR_CHANNELS}
    WHERE id = @id`)
  const active = db.prepare<[string], { id: string }>(`SELECT id FROM guardians WHERE user_id = ? AND ${ACTIVE}`)
  const activeSharing = db.prepare<[string], { id: string }>(
    `SELECT id FROM guardians WHERE user_id = ? AND share_started = 1 AND ${ACTIVE}`,
  )

  const linkEnded = db.prepare<[string], { ended_at: string }>(
    'SELECT ended_at FROM guardian_links_ended WHERE token_hash = ?',
  )
  const endLink = db.prepare(`INSERT INTO guardian_links_ended (token_hash, ended_at) VALUES (@tokenHash, @now)
    ON CONFLICT (token_hash) DO NOTHING`)
  const deleteLinksEndedBefore = db.prepare('DELETE FROM guardian_links_ended WHERE ended_at < ?')

  return {
    insert: (guardian: NewGuardian): void => void insert.run(guardian),
    find: findOne(byId, toGuardian),
    findByTokenHash: findOne(byTokenHash, toGuardian),
    /** Hers, oldest first. */
    byUser: (userId: string): GuardianRecord[] => byUser.all(userId).map(toGuardian),
    countByUser: (userId: string): number => countByUser.get(userId)?.n ?? 0,
    /** Deletes the guardian (its subscription, address and queued alerts with it). */
    delete: (id: string): void => void remove.run(id),
    setPush: (id: string, push: PushTarget, now: string): void => void setPush.run({ id, now, ...push }),
    /** Removes the subscription at `endpoint` (404/410 from its push service); false when it was replaced. */
    clearPush: (id: string, endpoint: string): boolean => clearPush.run({ id, endpoint }).changes > 0,
    setEmailPending: (id: string, email: string, codeHash: string, expiresAt: string): void =>
      void setEmailPending.run({ id, email, codeHash, expiresAt }),
    /** Makes the pending e-mail the confirmed one when `codeHash` is its code and it has not expired. */
    confirmEmail: (id: string, codeHash: string, now: string): boolean =>
      confirmEmail.run({ id, codeHash, now }).changes > 0,
    /** Forgets the e-mails never confirmed in time; returns how many. */
    clearExpiredEmailCodes: (now: string): number => clearExpiredCodes.run({ now }).changes,
    setShareStarted: (id: string, value: boolean): void => void setShareStarted.run({ id, value: value ? 1 : 0 }),
    /** The language their page asked in (kept for their alerts). */
    setLanguage: (id: string, language: Language): void => void setLanguage.run({ id, language }),
    /** They stopped: push and e-mail are forgotten at once. */
    stop: (id: string, now: string): void => void stop.run({ id, now }),
    /** Her guardians who can be alerted now; `sharing`: only those who asked for "she started sharing". */
    activeIds: (userId: string, sharing = false): string[] =>
      (sharing ? activeSharing : active).all(userId).map((row) => row.id),

    /** When the link with this token hash ended (the guardian was removed), if it did. */
    linkEndedAt: (tokenHash: string): string | undefined => linkEnded.get(tokenHash)?.ended_at,
    endLink: (tokenHash: string, now: string): void => void endLink.run({ tokenHash, now }),
    deleteLinksEndedBefore: (cutoff: string): number => deleteLinksEndedBefore.run(cutoff).changes,
  }
}

export type GuardiansRepo = ReturnType<typeof createGuardiansRepo>

// ---- Alerts and their outbox ----

export interface NewAlert {
  id: string
  userId: string
  kind: AlertKind
  eventKey: string
  shareId: string | null
  dataSealed: string | null
  createdAt: string
}

/** One guardian's alert, claimed for sending, with what sending it needs. */
export interface OutboxEntry {
  id: string
  alertId: string
  attempts: number
  pushResult: 'sent' | 'failed' | null
  emailResult: 'sent' | 'failed' | null
  createdAt: string
  kind: AlertKind
  shareId: string | null
  dataSealed: string | null
  firstName: string
  /** Her profile's language, if she chose one. */
  userLanguage: Language | null
  guardianId: string
}

interface OutboxRow {
  id: string
  alert_id: string
  guardian_id: string
  attempts: number
  push_result: 'sent' | 'failed' | null
  email_result: 'sent' | 'failed' | null
  outbox_created_at: string
  kind: AlertKind
  share_id: string | null
  data_sealed: string | null
  first_name: string
  user_language: string | null
}

export interface OutboxOutcome {
  status: 'pending' | 'sent' | 'failed'
  pushResult: 'sent' | 'failed' | null
  emailResult: 'sent' | 'failed' | null
  nextAttemptAt: string
  doneAt: string | null
}

export function createAlertsRepo(db: Db) {
  const insertAlert = db.prepare(`INSERT INTO alerts (id, user_id, kind, event_key, share_id, data_sealed, created_at)
    VALUES (@id, @userId, @kind, @eventKey, @shareId, @dataSealed, @createdAt) ON CONFLICT (event_key) DO NOTHING`)
  const alertIdByKey = db.prepare<[string], { id: string }>('SELECT id FROM alerts WHERE event_key = ?')
  const insertEntry = db.prepare(`INSERT INTO alert_outbox (id, alert_id, guardian_id, status, next_attempt_at,
      created_at) VALUES (@id, @alertId, @guardianId, 'pending', @now, @now)
    ON CONFLICT (alert_id, guardian_id) DO NOTHING`)
  const guardiansOf = db.prepare<[string], { guardian_id: string }>(
    'SELECT o.guardian_id FROM alert_outbox o JOIN alerts a ON a.id = o.alert_id WHERE a.event_key = ?',
  )
  const due = db.prepare<{ now: string; limit: number }, OutboxRow>(`SELECT o.id, o.alert_id, o.guardian_id,
      o.attempts, o.push_result, o.email_result, o.created_at AS outbox_created_at, a.kind, a.share_id,
      a.data_sealed, u.first_name, u.language AS user_language
    FROM alert_outbox o JOIN alerts a ON a.id = o.alert_id JOIN users u ON u.id = a.user_id
    WHERE o.status = 'pending' AND o.next_attempt_at <= @now ORDER BY o.next_attempt_at LIMIT @limit`)
  // Taken for one send: another pass (or another server) leaves it alone until the lease runs out. Still due is
  // checked again, so of two servers that read the entry as due only the first to lease it sends it (in PostgreSQL
  // the second's UPDATE waits for the first's commit, then finds the entry leased).
  const lease = db.prepare(`UPDATE alert_outbox SET attempts = attempts + 1, next_attempt_at = @until
    WHERE id = @id AND status = 'pending' AND next_attempt_at <= @now`)
  const finish = db.prepare(`UPDATE alert_outbox SET status = @status, push_result = @pushResult,
    email_result = @emailResult, next_attempt_at = @nextAttemptAt, done_at = @doneAt WHERE id = @id`)
  const clearDataIfDone = db.prepare(`UPDATE alerts SET data_sealed = NULL WHERE id = ? AND data_sealed IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM alert_outbox WHERE alert_id = alerts.id AND status = 'pending')`)
  const clearDataDone = db.prepare(`UPDATE alerts SET data_sealed = NULL WHERE data_sealed IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM alert_outbox WHERE alert_id = alerts.id AND status = 'pending')`)
  const deletePendingOf = db.prepare("DELETE FROM alert_outbox WHERE guardian_id = ? AND status = 'pending'")
  const deleteBefore = db.prepare('DELETE FROM alerts WHERE created_at < ?')
  const nextDue = db.prepare<[], { next_attempt_at: string }>(
    "SELECT next_attempt_at FROM alert_outbox WHERE status = 'pending' ORDER BY next_attempt_at LIMIT 1",
  )

  return {
    /** The alert of `eventKey`: made now, or the one made before (an event is queued once). */
    insertAlert(alert: NewAlert): string {
      insertAlert.run(alert)
      return alertIdByKey.get(alert.eventKey)?.id ?? alert.id
    },
    /** Queues the alert for one guardian; a second time changes nothing (the idempotency key). */
    insertEntry: (id: string, alertId: string, guardianId: string, now: string): boolean =>
      insertEntry.run({ id, alertId, guardianId, now }).changes > 0,
    /** The guardians that event `eventKey` was queued for. */
    guardiansOf: (eventKey: string): string[] => guardiansOf.all(eventKey).map((row) => row.guardian_id),
    /** Claims up to `limit` due entries until `until`, in one transaction of the caller's. */
    claimDue(now: string, until: string, limit: number): OutboxEntry[] {
      const leased = due.all({ now, limit }).filter((row) => lease.run({ id: row.id, until, now }).changes === 1)
      return leased.map((row) => ({
        id: row.id,
        alertId: row.alert_id,
        attempts: row.attempts + 1,
        pushResult: row.push_result,
        emailResult: row.email_result,
        createdAt: row.outbox_created_at,
        kind: row.kind,
        shareId: row.share_id,
        dataSealed: row.data_sealed,
        firstName: row.first_name,
        userLanguage: isLanguage(row.user_language) ? row.user_language : null,
        guardianId: row.guardian_id,
      }))
    },
    finish: (id: string, outcome: OutboxOutcome): void => void finish.run({ id, ...outcome }),
    /** Forgets what the alert said once no guardian's alert of it is pending. */
    clearDataIfDone: (alertId: string): void => void clearDataIfDone.run(alertId),
    clearDataOfDone: (): number => clearDataDone.run().changes,
    deletePendingOf: (guardianId: string): void => void deletePendingOf.run(guardianId),
    /** Deletes alerts made before `cutoff`, with their outbox rows; returns how many. */
    deleteBefore: (cutoff: string): number => deleteBefore.run(cutoff).changes,
    /** When the next pending entry falls due, if any. */
    nextDue: (): string | undefined => nextDue.get()?.next_attempt_at,
  }
}

export type AlertsRepo = ReturnType<typeof createAlertsRepo>
