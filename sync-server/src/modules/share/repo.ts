import type { Db } from '../../db/connection.ts'
import { findOne } from '../../db/rows.ts'

interface ShareRow {
  id: string
  write_key_hash: string
  created_at: string
  expires_at: string
  stopped_at: string | null
  lat: number | null
  lon: number | null
  accuracy: number | null
  updated_at: string | null
  check_in_deadline: string | null
  check_in_destination: string | null
  safe_at: string | null
  user_id: string | null
  token_sealed: string | null
  check_in_alerted: string | null
  check_in_set_at: string | null
  safe_on_arrival: number
}

export interface SharePosition {
  lat: number
  lon: number
  /** Metres. */
  accuracy: number
  /** ISO date-time the server received it. */
  updatedAt: string
}

export interface ShareRecord {
  id: string
  writeKeyHash: string
  createdAt: string
  expiresAt: string
  stoppedAt: string | null
  position: SharePosition | null
  /** Her deadline, destination and "I'm safe" time; null when no check-in is set. */
  checkIn: { deadline: string; destination: string | null } | null
  /** When the check-in was set (server time); null for a check-in set before this was kept. */
  checkInSetAt: string | null
  safeAt: string | null
  /** `safeAt` is when her phone saw her arrive, not a tap. */
  safeOnArrival: boolean
  /** Her account when she started it signed in (docs/guardians.md), else null: the share is anonymous. */
  userId: string | null
  /** The token sealed with the server's key (owned shares only, while they run): the live link in guardians' alerts. */
  tokenSealed: string | null
  /** The deadline whose miss her guardians were alerted to. */
  checkInAlerted: string | null
}

export interface NewShare {
  id: string
  tokenHash: string
  writeKeyHash: string
  createdAt: string
  expiresAt: string
  checkIn: { deadline: string; destination: string | null } | null
  userId: string | null
  tokenSealed: string | null
}

/** A check-in whose deadline passed without "I'm safe", on a share she started signed in. */
export interface MissedCheckIn {
  shareId: string
  userId: string
  deadline: string
  destination: string | null
}

const toRecord = (row: ShareRow): ShareRecord => ({
  id: row.id,
  writeKeyHash: row.write_key_hash,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  stoppedAt: row.stopped_at,
  position:
    row.lat === null || row.lon === null || row.accuracy === null || row.updated_at === null
      ? null
      : { lat: row.lat, lon: row.lon, accuracy: row.accuracy, updatedAt: row.updated_at },
  checkIn:
    row.check_in_deadline === null ? null : { deadline: row.check_in_deadline, destination: row.check_in_destination },
  checkInSetAt: row.check_in_set_at,
  safeAt: row.safe_at,
  safeOnArrival: row.safe_on_arrival === 1,
  userId: row.user_id,
  tokenSealed: row.token_sealed,
  checkInAlerted: row.check_in_alerted,
})

const COLUMNS = `id, write_key_hash, created_at, expires_at, stopped_at, lat, lon, accuracy, updated_at,
  check_in_deadline, check_in_destination, safe_at, user_id, token_sealed, check_in_alerted, check_in_set_at,
  safe_on_arrival`

/** Only while the share runs: not stopped and not expired at @now (ISO strings compare in time order). */
const RUNNING = 'stopped_at IS NULL AND expires_at > @now'
/** Stopped, or expired at @now. */
const ENDED = '(stopped_at IS NOT NULL OR expires_at <= @now)'
/** Everything about her that an ended share must not keep. */
const CLEAR_PERSONAL = `lat = NULL, lon = NULL, accuracy = NULL, updated_at = NULL, check_in_deadline = NULL,
  check_in_destination = NULL, safe_at = NULL, token_sealed = NULL, check_in_set_at = NULL, safe_on_arrival = 0`

/** Every SQL statement on shares. Times are ISO-8601 UTC strings (toISOString), so text order is time order. */
export function createSharesRepo(db: Db) {
  const byTokenHash = db.prepare<[string], ShareRow>(`SELECT ${COLUMNS} FROM shares WHERE token_hash = ?`)
  const byId = db.prepare<[string], ShareRow>(`SELECT ${COLUMNS} FROM shares WHERE id = ?`)
  const insert = db.prepare(`INSERT INTO shares (id, token_hash, write_key_hash, created_at, expires_at,
      check_in_deadline, check_in_destination, user_id, token_sealed, check_in_set_at)
    VALUES (@id, @tokenHash, @writeKeyHash, @createdAt, @expiresAt, @deadline, @destination, @userId, @tokenSealed,
      @checkInSetAt)`)
  // Not stopped (she stopped it: nobody is told more), not alerted yet for this deadline, and not older than @since.
  const missed = db.prepare<{ now: string; since: string; limit: number }, MissedCheckIn>(`SELECT id AS "shareId",
      user_id AS "userId", check_in_deadline AS deadline, check_in_destination AS destination
    FROM shares WHERE user_id IS NOT NULL AND check_in_deadline <= @now AND check_in_deadline >= @since
      AND safe_at IS NULL AND stopped_at IS NULL
      AND (check_in_alerted IS NULL OR check_in_alerted <> check_in_deadline)
    ORDER BY check_in_deadline LIMIT @limit`)
  const markAlerted = db.prepare(`UPDATE shares SET check_in_alerted = @deadline
    WHERE id = @id AND check_in_deadline = @deadline`)
  const setPosition = db.prepare(`UPDATE shares SET lat = @lat, lon = @lon, accuracy = @accuracy,
    updated_at = @updatedAt WHERE id = @id AND ${RUNNING}`)
  const setCheckIn = db.prepare(`UPDATE shares SET check_in_deadline = @deadline,
    check_in_destination = @destination, check_in_set_at = @now, safe_at = NULL, safe_on_arrival = 0
    WHERE id = @id AND ${RUNNING}`)
  const markSafe = db.prepare(`UPDATE shares SET safe_at = @safeAt, safe_on_arrival = @onArrival
    WHERE id = @id AND ${RUNNING}`)
  const stop = db.prepare(`UPDATE shares SET stopped_at = COALESCE(stopped_at, @now), ${CLEAR_PERSONAL}
    WHERE id = @id`)
  const clearEnded = db.prepare(`UPDATE shares SET ${CLEAR_PERSONAL}
    WHERE ${ENDED} AND (lat IS NOT NULL OR check_in_deadline IS NOT NULL OR safe_at IS NOT NULL)`)
  // A share ended at its stop or its expiry, whichever came first.
  const deleteEndedBefore = db.prepare('DELETE FROM shares WHERE expires_at < @cutoff OR stopped_at < @cutoff')

  return {
    find: findOne(byTokenHash, toRecord),
    findById: findOne(byId, toRecord),
    insert(share: NewShare): void {
      insert.run({
        id: share.id,
        tokenHash: share.tokenHash,
        writeKeyHash: share.writeKeyHash,
        createdAt: share.createdAt,
        expiresAt: share.expiresAt,
        deadline: share.checkIn?.deadline ?? null,
        destination: share.checkIn?.destination ?? null,
        userId: share.userId,
        tokenSealed: share.tokenSealed,
        checkInSetAt: share.checkIn ? share.createdAt : null,
      })
    },
    /** False when the share is no longer running at `now` (nothing written). */
    setPosition: (id: string, position: SharePosition, now: string): boolean =>
      setPosition.run({ id, now, ...position }).changes > 0,
    /** Sets or replaces the check-in and clears "I'm safe"; false when the share is no longer running. */
    setCheckIn: (id: string, deadline: string, destination: string | null, now: string): boolean =>
      setCheckIn.run({ id, deadline, destination, now }).changes > 0,
    /**
     * Records "I'm safe" at `safeAt` (her arrival's time when `onArrival`, else `now`); false when the share is no
     * longer running at `now`.
     */
    markSafe: (id: string, now: string, safeAt: string = now, onArrival = false): boolean =>
      markSafe.run({ id, now, safeAt, onArrival: onArrival ? 1 : 0 }).changes > 0,
    /** Ends the share (an earlier stop time is kept) and clears her position and check-in at once. */
    stop(id: string, now: string): void {
      stop.run({ id, now })
    },
    /** Clears position and check-in of every share ended at `now`; returns how many rows changed. */
    clearEnded: (now: string): number => clearEnded.run({ now }).changes,
    /** Owned shares whose check-in deadline passed by `now` (but not before `since`) and is not alerted yet. */
    missedCheckIns: (now: string, since: string, limit: number): MissedCheckIn[] => missed.all({ now, since, limit }),
    /** Records that the miss of `deadline` was alerted; false when the check-in has changed meanwhile. */
    markCheckInAlerted: (id: string, deadline: string): boolean => markAlerted.run({ id, deadline }).changes > 0,
    /** Deletes the shares that ended before `cutoff`; returns how many. */
    deleteEndedBefore: (cutoff: string): number => deleteEndedBefore.run({ cutoff }).changes,
  }
}

export type SharesRepo = ReturnType<typeof createSharesRepo>
