// Background jobs shared by every Wings instance on one database (the jobs table): a job runs on one instance per
// interval, and a version tells every instance that something it keeps in memory changed (docs/storage.md, Plan,
// section 2: Publishing batches and Signals).
import type { Sql } from './sql.ts'

/** The time until a job's next run, in milliseconds: a number, or drawn afresh at each claim. */
export type Interval = number | (() => number)

export interface Jobs {
  /**
   * Claims `name`'s run due at `now` (epoch ms): true for exactly one of the instances that ask before the next run
   * is due, which is then `interval` after `now`. A job never seen before is due at once. Call it outside a
   * transaction, so that the claim commits at once.
   */
  claimRun(name: string, now: number, interval: Interval): Promise<boolean>
  /** `name`'s version: how many times it was claimed or bumped (0 for a name never seen). */
  version(name: string): Promise<number>
  /** Adds 1 to `name`'s version (for example "signals changed: every instance reloads them"); returns the new one. */
  bump(name: string): Promise<number>
}

// One statement, so that concurrent claims from any number of instances serialise on the row: the first inserts it
// or moves next_at past now, and every other one then finds next_at > now (PostgreSQL re-reads the locked row's
// newest version for DO UPDATE ... WHERE) and changes nothing.
const CLAIM = `INSERT INTO jobs (name, next_at, version) VALUES (@name, @next, 1)
  ON CONFLICT (name) DO UPDATE SET next_at = excluded.next_at, version = jobs.version + 1
  WHERE jobs.next_at <= @now`

// A row made by a bump is due at once for claimRun (next_at 0); a name used only for its version is never claimed.
const BUMP = `INSERT INTO jobs (name, next_at, version) VALUES (?, 0, 1)
  ON CONFLICT (name) DO UPDATE SET version = jobs.version + 1
  RETURNING version`

export function createJobs(sql: Sql): Jobs {
  return {
    async claimRun(name, now, interval) {
      const ms = typeof interval === 'function' ? interval() : interval
      if (!Number.isSafeInteger(ms) || ms <= 0) throw new RangeError(`A job's interval must be whole ms > 0, not ${ms}`)
      return (await sql.run(CLAIM, { name, next: now + ms, now })).changes === 1
    },
    async version(name) {
      return (await sql.get<{ version: number }>('SELECT version FROM jobs WHERE name = ?', [name]))?.version ?? 0
    },
    async bump(name) {
      const row = await sql.get<{ version: number }>(BUMP, [name])
      if (!row) throw new Error('jobs answered no row')
      return row.version
    },
  }
}

export interface JobRunnerOptions {
  sql: Sql
  /** The job's row in the jobs table. */
  name: string
  /** The time from one run to the next, drawn when a run is claimed (publishing batches: 20 to 40 minutes). */
  every: Interval
  /** The job; runs on the instance that claimed the run. */
  run: () => Promise<void> | void
  /** How often the runner asks whether a run is due (default one minute). */
  tickMs?: number
  now?: () => number
  /** A failed claim (the database down) or run; the runner goes on ticking. */
  onError?: (error: unknown) => void
}

export interface JobRunner {
  /** Claims a due run and, if this runner got it, runs the job; true when it ran. Never two at once. */
  tick(): Promise<boolean>
  /** Ticks now, then every `tickMs` after the end of the tick before (timers that do not keep the process alive). */
  start(): void
  /** Stops ticking and waits for a run in progress to end. */
  stop(): Promise<void>
}

/**
 * Runs a job on one instance per interval, whichever claims it first: every instance makes a runner with the same
 * name and starts it. A claimed run whose instance dies before it ends is not run again until the next interval.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { name, every, run, tickMs = 60_000, now = Date.now, onError = () => {} } = options
  const jobs = createJobs(options.sql)
  let inFlight: Promise<boolean> | null = null
  let timer: NodeJS.Timeout | null = null
  let started = false
  let stopped = false

  const once = async () => {
    try {
      if (!(await jobs.claimRun(name, now(), every))) return false
    } catch (error) {
      onError(error)
      return false
    }
    try {
      await run()
    } catch (error) {
      onError(error)
    }
    return true
  }
  const tick = () => {
    if (stopped) return Promise.resolve(false)
    inFlight ??= once().finally(() => {
      inFlight = null
    })
    return inFlight
  }
  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      timer = null
      void tick().then(schedule)
    }, tickMs)
    timer.unref()
  }

  return {
    tick,
    start() {
      if (started || stopped) return
      started = true
      void tick().then(schedule)
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await inFlight
    },
  }
}
