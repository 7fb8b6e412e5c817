import type { FastifyBaseLogger } from 'fastify'
import { createAttemptLimit } from '../../attempt-limit.ts'
import type { Config } from '../../config.ts'
import type { Db, Transact } from '../../db/connection.ts'
import type { SharesRepo } from '../share/repo.ts'
import type { UsersRepo } from '../users/repo.ts'
import { createAlertQueue } from './alerts.ts'
import { createAlertDispatcher } from './dispatcher.ts'
import { createSealer, type GuardianKeys, loadGuardianKeys } from './keys.ts'
import { createSmtpMailer, type Mailer } from './mail.ts'
import { createPushSender } from './push.ts'
import { createAlertsRepo, createGuardiansRepo } from './repo.ts'
import { createGuardiansService, GUARDIANS_SWEEP_MS } from './service.ts'

/** How often missed check-ins are looked for and due alerts sent (besides at once when one is queued). */
export const ALERT_TICK_MS = 2_000
/** How long one push or one SMTP step may take before it counts as failed (and is tried again). */
export const ALERT_SEND_TIMEOUT_MS = 10_000

export interface AlertOptions {
  /** false: no timers and no sending (tests that compare every row before and after a request). */
  timers?: boolean
  /** ALERT_TICK_MS unless given. */
  tickMs?: number
  sendTimeoutMs?: number
  /** Replaces the SMTP transport (tests). */
  mailer?: Mailer
}

interface Deps {
  config: Config
  db: Db
  transact: Transact
  shares: SharesRepo
  users: UsersRepo
  readOnly: boolean
  now: () => Date
  log: FastifyBaseLogger
  options?: AlertOptions
}

/** Who a push service can reach about this server: its https address, else the sender of its e-mails. */
function vapidSubject(config: Config): string {
  const url = new URL(config.publicUrl)
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin
  return `mailto:${/<([^>]+)>/.exec(config.smtpFrom)?.[1] ?? config.smtpFrom}`
}

/**
 * The guardians module put together (docs/guardians.md): its keys, the service behind the routes, the alert queue the
 * share and sync modules feed, and the scanner and dispatcher that run in the background. `start` runs the first scan
 * at once, so a check-in missed while the server was down is queued before anything else (and before the share sweep
 * clears ended shares).
 */
export function setUpGuardians({ config, db, transact, shares, users, readOnly, now, log, options = {} }: Deps) {
  let keys: GuardianKeys | null = null
  try {
    keys = loadGuardianKeys(config.dataDir)
  } catch (error) {
    // A full disk at the first start of this version: serve the rest; push is not offered until a restart can.
    if (!readOnly) throw error
    log.error({ err: error }, 'could not read or make the guardian keys: push alerts are off until a restart')
  }
  const sealer = createSealer(keys?.sealKey ?? Buffer.alloc(32))
  const timeoutMs = options.sendTimeoutMs ?? ALERT_SEND_TIMEOUT_MS
  const mailer =
    options.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.smtpFrom, timeoutMs) : null)
  const guardians = createGuardiansRepo(db)
  const alerts = createAlertsRepo(db)
  const timers = options.timers !== false && !readOnly

  const dispatcher = createAlertDispatcher({
    alerts,
    guardians,
    shares,
    sealer,
    sendPush: keys
      ? createPushSender({
          keys: keys.vapid,
          subject: vapidSubject(config),
          origins: config.pushServiceOrigins,
          timeoutMs,
        })
      : null,
    mailer,
    publicUrl: config.publicUrl,
    transact,
    now,
    log,
  })
  let closed = false
  const dispatch = () => {
    if (closed) return
    dispatcher.run().catch((error) => log.error({ err: error }, 'could not send guardian alerts'))
  }
  let kicked = false
  const queue = createAlertQueue({
    guardians,
    alerts,
    shares,
    sealer,
    limit: createAttemptLimit(config.rateLimits.guardianAlert),
    transact,
    now,
    queued: () => {
      if (!timers || kicked) return
      kicked = true
      setImmediate(() => {
        kicked = false
        dispatch()
      })
    },
  })
  const service = createGuardiansService({
    guardians,
    alerts,
    users,
    sealer,
    mailer,
    publicUrl: config.publicUrl,
    pushOrigins: config.pushServiceOrigins,
    limits: {
      invite: createAttemptLimit(config.rateLimits.guardianInvite),
      email: createAttemptLimit(config.rateLimits.guardianEmail),
    },
    transact,
    now,
  })

  const intervals: NodeJS.Timeout[] = []
  const every = (ms: number, failure: string, work: () => void) => {
    const run = () => {
      try {
        work()
      } catch (error) {
        log.error({ err: error }, failure)
      }
    }
    run()
    const timer = setInterval(run, ms)
    timer.unref()
    intervals.push(timer)
  }

  return {
    service,
    queue,
    shareEvents: queue.shareEvents,
    publicKey: keys?.vapid.publicKey ?? null,
    /** Scans for missed check-ins now, then every ALERT_TICK_MS with a send of what is due; sweeps every 5 minutes. */
    start(): void {
      if (!timers) return
      every(options.tickMs ?? ALERT_TICK_MS, 'could not look for missed check-ins', () => {
        queue.scanMissedCheckIns()
        dispatch()
      })
      every(GUARDIANS_SWEEP_MS, 'could not clean up guardian alerts', service.sweep)
    },
    async close(): Promise<void> {
      closed = true
      for (const timer of intervals) clearInterval(timer)
      await dispatcher.idle()
      mailer?.close()
    },
  }
}
