import { GUARDIAN_PAGE_PATH, SHARE_PAGE_PATH } from '@wings/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Transact } from '../../db/connection.ts'
import type { SharesRepo } from '../share/repo.ts'
import type { AlertData } from './alerts.ts'
import type { Sealer } from './keys.ts'
import type { Mailer } from './mail.ts'
import type { PushSender } from './push.ts'
import type { AlertsRepo, GuardianRecord, GuardiansRepo, OutboxEntry } from './repo.ts'
import { type AlertFacts, alertLanguage, alertMail, pushPayload } from './texts.ts'

/** Entries claimed per pass, and sent at once. */
const BATCH = 200
const CONCURRENCY = 32
/**
 * A claimed entry is left alone this long: more than a send may take (its timeouts), and short enough that an entry cut
 * off by a crash goes out within 30 s of the restart.
 */
export const ALERT_LEASE_MS = 20_000
/** Waits between attempts (then the last one, again and again), each ±20%. */
export const RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000] as const
/** An alert not delivered after this long is given up: by then it would alarm more than help. */
export const ALERT_GIVE_UP_MS = 6 * 60 * 60_000

const retryDelay = (attempts: number) => {
  const base = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]
  return Math.round(base * (0.8 + Math.random() * 0.4))
}

type Result = 'sent' | 'failed' | null

interface Deps {
  alerts: AlertsRepo
  guardians: GuardiansRepo
  shares: SharesRepo
  sealer: Sealer
  /** Null without VAPID keys (a read-only start that could not make them). */
  sendPush: PushSender | null
  /** Null without SMTP_URL. */
  mailer: Mailer | null
  publicUrl: string
  transact: Transact
  now: () => Date
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>
}

/**
 * Sends the outbox (docs/guardians.md): claims due entries, sends each by push and e-mail, and records what became of
 * each way. A push service answering 404/410 loses the subscription; 5xx, 429, a timeout or no answer is tried again
 * with backoff; a guardian removed (the entry is gone with them) or stopped gets nothing more.
 */
export function createAlertDispatcher(deps: Deps) {
  const { alerts, guardians, shares, sealer, sendPush, mailer, publicUrl, transact, now, log } = deps
  /** Entries being sent by this process: a lease running out meanwhile does not send them twice. */
  const inFlight = new Set<string>()

  /** What the alert says now, or null when there is nothing left to say (a share announced after it ended). */
  function factsOf(entry: OutboxEntry, guardian: GuardianRecord, at: Date): AlertFacts | null {
    const data: AlertData = entry.dataSealed ? JSON.parse(sealer.open(entry.dataSealed)) : {}
    const share = entry.shareId ? shares.findById(entry.shareId) : undefined
    const running = share !== undefined && share.stoppedAt === null && Date.parse(share.expiresAt) > at.getTime()
    if (entry.kind === 'share-started' && !running) return null
    const livePath = running && share?.tokenSealed ? `${SHARE_PAGE_PATH}${sealer.open(share.tokenSealed)}` : null
    let position: AlertFacts['position'] = null
    if (entry.kind === 'sos' && data.position) position = data.position
    // A missed check-in tells her last position only while her share runs: once it ended, nobody learns more.
    if (entry.kind === 'checkin-missed' && running && share?.position) {
      const { lat, lon, accuracy, updatedAt } = share.position
      position = { lat, lon, accuracy, at: updatedAt }
    }
    return {
      kind: entry.kind,
      firstName: entry.firstName,
      livePath,
      guardianPath: `${GUARDIAN_PAGE_PATH}${sealer.open(guardian.tokenSealed)}`,
      position,
      message: data.message ?? null,
      deadline: data.deadline ?? null,
      destination: data.destination ?? null,
      tag: entry.kind === 'sos' ? `sos-${entry.alertId}` : `${entry.kind.split('-')[0]}-${entry.shareId}`,
      now: at,
      language: alertLanguage(guardian.language, entry.userLanguage),
    }
  }

  function finish(entry: OutboxEntry, push: Result, email: Result, waiting: boolean, at: Date): void {
    const status = waiting ? 'pending' : push === 'sent' || email === 'sent' ? 'sent' : 'failed'
    transact(() => {
      alerts.finish(entry.id, {
        status,
        pushResult: push,
        emailResult: email,
        nextAttemptAt: new Date(at.getTime() + (waiting ? retryDelay(entry.attempts) : 0)).toISOString(),
        doneAt: waiting ? null : at.toISOString(),
      })
      if (!waiting) alerts.clearDataIfDone(entry.alertId)
    })
  }

  async function deliver(entry: OutboxEntry): Promise<void> {
    const at = now()
    const guardian = guardians.find(entry.guardianId)
    const expired = at.getTime() - Date.parse(entry.createdAt) > ALERT_GIVE_UP_MS
    const facts = guardian && !guardian.stoppedAt && !expired ? factsOf(entry, guardian, at) : null
    if (!guardian || !facts) return finish(entry, entry.pushResult, entry.emailResult, false, at)
    let push = entry.pushResult
    let email = entry.emailResult
    const sends: Promise<void>[] = []
    const target = guardian.push
    if (push === null && target && sendPush) {
      sends.push(
        sendPush(target, pushPayload(facts), entry.id).then((result) => {
          if (result === 'gone') guardians.clearPush(guardian.id, target.endpoint)
          push = result === 'sent' ? 'sent' : result === 'retry' ? null : 'failed'
        }),
      )
    }
    const address = guardian.email
    if (email === null && address && mailer) {
      sends.push(
        mailer.send(alertMail(facts, address, publicUrl)).then((result) => {
          email = result === 'sent' ? 'sent' : result === 'retry' ? null : 'failed'
        }),
      )
    }
    await Promise.all(sends)
    const waiting =
      (push === null && target !== null && sendPush !== null) || (email === null && address !== null && mailer !== null)
    finish(entry, push, email, waiting, now())
  }

  async function send(entry: OutboxEntry): Promise<void> {
    inFlight.add(entry.id)
    try {
      await deliver(entry)
    } catch (error) {
      // A fault of ours (the database, a key): logged, and the lease brings the entry back.
      log.error({ err: error, alertId: entry.alertId }, 'could not send a guardian alert')
    } finally {
      inFlight.delete(entry.id)
    }
  }

  /** One pass: claims up to BATCH due entries and sends them, CONCURRENCY at a time. Returns how many it claimed. */
  async function pass(): Promise<number> {
    const at = now().getTime()
    const claimed = transact(() =>
      alerts.claimDue(new Date(at).toISOString(), new Date(at + ALERT_LEASE_MS).toISOString(), BATCH),
    )
    const todo = claimed.filter((entry) => !inFlight.has(entry.id))
    let next = 0
    const worker = async () => {
      while (next < todo.length) {
        const entry = todo[next++]
        if (entry) await send(entry)
      }
    }
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, todo.length) }, worker))
    return claimed.length
  }

  let running: Promise<void> | null = null
  let again = false

  return {
    /** Sends everything due now; a call while a run is on makes that run go round once more. */
    run(): Promise<void> {
      if (running !== null) {
        again = true
        return running
      }
      running = (async () => {
        try {
          do {
            again = false
            while ((await pass()) === BATCH) {}
          } while (again)
        } finally {
          running = null
        }
      })()
      return running
    },
    /** Resolves once the run under way (if any) is over. */
    idle: (): Promise<void> => running ?? Promise.resolve(),
  }
}

export type AlertDispatcher = ReturnType<typeof createAlertDispatcher>
