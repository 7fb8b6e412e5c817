import { afterAll, describe, expect, it } from 'vitest'
import { runCrashLoad } from './testing/crash-load.ts'
import { killAllServers } from './testing/server-process.ts'

// The real server in a child process, killed with SIGKILL mid-load and restarted; the fuller run (several kills)
// is bench/crash-recovery.bench.ts.

afterAll(async () => {
  await killAllServers()
})

describe('SIGKILL during a write load', () => {
  it('keeps every acknowledged write, a sound file, and applies every re-pushed op exactly once', async () => {
    const report = await runCrashLoad({ cycles: 1, loadMs: [1000, 1500] })
    expect(report.problems).toEqual([])
    const [cycle] = report.cycles
    // The load really wrote before the kill: signups, ops and likes acknowledged, and all of them found.
    expect(cycle?.acknowledged.signups).toBeGreaterThan(0)
    expect(cycle?.acknowledged.ops).toBeGreaterThan(0)
    expect(cycle?.acknowledged.likes).toBeGreaterThan(0)
    const { signups = 0, ops = 0, likes = 0 } = cycle?.acknowledged ?? {}
    expect(cycle?.foundAfterRestart).toBe(signups + ops + likes)
    expect(cycle?.integrity).toBe('ok')
    expect(cycle?.duplicates).toBe(0)
    expect(report.finalIntegrity).toBe('ok')
  }, 40_000)
})
