// SIGKILL during a write load, five times (issue #10): the real server in a child process takes signups, sync pushes
// and likes from several clients on 127.0.0.1, is killed 1-2 s into the load and restarted on the same database.
// Target: no acknowledged write lost, integrity_check ok, every re-pushed op applied exactly once. Exits non-zero
// otherwise.
import { type CycleReport, runCrashLoad } from '../sync-server/src/testing/crash-load.ts'

const CYCLES = 5

const pad = (value: string | number, width: number) => String(value).padStart(width)

function printCycle(c: CycleReport) {
  const { signups, ops, likes } = c.acknowledged
  const acked = signups + ops + likes
  console.log(
    `kill ${c.cycle}: after ${pad(c.loadMs, 4)} ms of load, ${pad(c.inFlightAtKill, 2)} requests in flight ` +
      `(${pad(c.unanswered, 2)} writes unanswered) | ` +
      `acknowledged ${pad(signups, 2)} signups, ${pad(ops, 4)} ops, ${pad(likes, 3)} likes; ` +
      `found after restart ${pad(c.foundAfterRestart, 4)}/${acked} | ` +
      `re-push ${pad(c.repush.ops, 4)} ops: ${pad(c.repush.duplicate, 4)} duplicate, ${pad(c.repush.applied, 3)} applied; ` +
      `duplicates ${c.duplicates} | integrity_check ${c.integrity} | restart ${(c.restartMs / 1000).toFixed(2)} s` +
      (c.refused > 0 ? ` | ${c.refused} refused (4xx)` : ''),
  )
}

const report = await runCrashLoad({ cycles: CYCLES, loadMs: [1000, 2000], onCycle: printCycle })

const total = report.cycles.reduce(
  (sum, c) => {
    const { signups, ops, likes } = c.acknowledged
    return {
      acked: sum.acked + signups + ops + likes,
      found: sum.found + c.foundAfterRestart,
      dup: sum.dup + c.duplicates,
    }
  },
  { acked: 0, found: 0, dup: 0 },
)
const restarts = report.cycles.map((c) => c.restartMs).sort((a, b) => a - b)
console.log(
  `${CYCLES} kills: ${total.found}/${total.acked} acknowledged writes found after restart, ${total.dup} duplicates ` +
    `after re-push, integrity_check after the final stop: ${report.finalIntegrity}; restart (spawn to answering) ` +
    `median ${((restarts[Math.floor(restarts.length / 2)] ?? 0) / 1000).toFixed(2)} s, first start ${(report.startMs / 1000).toFixed(2)} s`,
)
if (report.problems.length > 0) {
  console.error(`crash recovery MISSED its target:\n  ${report.problems.slice(0, 50).join('\n  ')}`)
  process.exit(1)
}
console.log('target met: no acknowledged write lost, no duplicate, integrity ok')
