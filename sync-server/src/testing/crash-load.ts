// SIGKILL during a write load (issue #10): the real server as a child process takes signups, sync pushes and likes
// from several clients on 127.0.0.1, is killed mid-load and restarted on the same data directory. Every write it
// acknowledged must be in the database, the file must pass integrity_check, and the clients' outboxes pushed again
// must leave every op applied exactly once. Used by crash-recovery.test.ts (one kill) and the bench (several).
// This module runs the cycles and reports on them; the server process, the clients and the checks are imported.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  checkAcknowledged,
  checkExactlyOnce,
  checkLogins,
  type Repush,
  repushOutboxes,
  retryRest,
} from './crash-check.ts'
import { BUDGET, type Load, likeLoop, pushLoop, setUp, signupLoop } from './crash-clients.ts'
import { count, isOp, snapshot, type World } from './crash-writes.ts'
import { killAllServers, requestsInFlight, type ServerProcess, startServer } from './server-process.ts'

export interface CycleReport {
  cycle: number
  /** How long the load ran before the kill. */
  loadMs: number
  /** Requests sent and not yet answered when the SIGKILL came. */
  inFlightAtKill: number
  /** Writes of this cycle (ops, likes, signups) that got no answer: cut off by the kill. */
  unanswered: number
  /** Writes the server acknowledged during this cycle's load, by kind. */
  acknowledged: { signups: number; ops: number; likes: number }
  /** Of those, found in the database after the restart (must be all). */
  foundAfterRestart: number
  /** Requests answered with a 4xx during the load (rate limits; they stay unacknowledged). */
  refused: number
  /** Milliseconds from spawning the restarted server until it answered. */
  restartMs: number
  repush: Repush
  /** Rows beyond what was sent, after the re-push (must be 0). */
  duplicates: number
  integrity: string
}

export interface CrashLoadReport {
  /** Milliseconds the first start took. */
  startMs: number
  cycles: CycleReport[]
  /** integrity_check after the final, graceful stop. */
  finalIntegrity: string
  /** Every lost write, duplicate, rejected op, 5xx or integrity failure found; empty when all held. */
  problems: string[]
}

/** Runs the load for `loadMs`, SIGKILLs the server, restarts it and checks; answers the restarted server. */
async function runCycle(
  server: ServerProcess,
  world: World,
  cycle: number,
  loadMs: number,
): Promise<{ report: CycleReport; server: ServerProcess }> {
  const load: Load = { base: server.base, cycle, world, stopped: false, budget: { ...BUDGET }, refused: 0, pushing: 0 }
  const loops = [
    ...world.pushers.map((p) => pushLoop(load, p)),
    ...world.likers.map((l) => likeLoop(load, l)),
    signupLoop(load),
  ]
  await sleep(loadMs)
  // The loops pause between requests: kill while a push (the longest write) is on its way or being applied.
  for (let waited = 0; load.pushing === 0 && waited < 250; waited++) await sleep(1)
  await sleep(Math.random() * 8)
  const inFlightAtKill = requestsInFlight()
  const killed = server.kill()
  load.stopped = true
  await killed
  await Promise.all(loops)
  const unanswered = world.writes.filter((w) => w.cycle === cycle && !w.acked).length
  noteServerOutput(world, server, `cycle ${cycle} before the kill`)

  const restarted = await startServer(world.dataDir)
  const afterRestart = snapshot(world.dbFile)
  const { acked, found } = checkAcknowledged(world, afterRestart, cycle)
  await checkLogins(restarted.base, world, cycle)
  const repush = await repushOutboxes(restarted.base, world, cycle)
  await retryRest(restarted.base, world, cycle)
  const duplicates = checkExactlyOnce(world, snapshot(world.dbFile), `cycle ${cycle} after the re-push`)
  const ackedThisCycle = world.writes.filter((w) => w.cycle === cycle && acked.has(w))
  return {
    server: restarted,
    report: {
      cycle,
      loadMs,
      inFlightAtKill,
      unanswered,
      acknowledged: {
        signups: count(ackedThisCycle, (k) => k === 'signup'),
        ops: count(ackedThisCycle, isOp),
        likes: count(ackedThisCycle, (k) => k === 'rest.like'),
      },
      foundAfterRestart: found,
      refused: load.refused,
      restartMs: restarted.readyMs,
      repush,
      duplicates,
      integrity: afterRestart.integrity,
    },
  }
}

/** A server logs at error level only when something failed: any such line is a problem. */
function noteServerOutput(world: World, server: ServerProcess, when: string) {
  const output = server.output().trim()
  if (output !== '') world.problems.push(`${when}: the server printed ${output}`)
}

export interface CrashLoadOptions {
  cycles: number
  /** Each cycle's load runs for a random time in [min, max] ms before the kill. */
  loadMs: [number, number]
  onCycle?: (report: CycleReport) => void
}

/**
 * Starts the server on a fresh data directory, runs `cycles` load/kill/restart/check cycles, stops it gracefully and
 * checks the file once more. The server is always gone and the directory removed when this settles. One run at a
 * time per process (its clean-up kills every server child it started).
 */
export async function runCrashLoad({
  cycles,
  loadMs: [min, max],
  onCycle,
}: CrashLoadOptions): Promise<CrashLoadReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wings-crash-'))
  try {
    let server = await startServer(dataDir)
    const startMs = server.readyMs
    const world = await setUp(server.base, dataDir)
    const reports: CycleReport[] = []
    for (let cycle = 1; cycle <= cycles; cycle++) {
      const next = await runCycle(server, world, cycle, Math.round(min + Math.random() * (max - min)))
      server = next.server
      reports.push(next.report)
      onCycle?.(next.report)
    }
    noteServerOutput(world, server, 'the last server')
    await server.stop()
    const final = snapshot(world.dbFile)
    checkExactlyOnce(world, final, 'after the final stop')
    return { startMs, cycles: reports, finalIntegrity: final.integrity, problems: world.problems }
  } finally {
    await killAllServers()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
