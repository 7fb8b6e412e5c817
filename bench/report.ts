/** What the benches share to print their figures and hold them to their targets. */

/** The q-quantile (0 to 1) of `values`, in any order: the value at floor(q x n) once sorted; NaN (no target met) for none. */
export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

/** The middle value, or the mean of the two middle ones; NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const m = sorted.length >> 1
  const middle = sorted[m] ?? Number.NaN
  return sorted.length % 2 === 1 ? middle : ((sorted[m - 1] ?? Number.NaN) + middle) / 2
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`

/**
 * The targets of one bench: `check` answers 'met' or 'MISSED' for a figure's line and remembers what was missed;
 * `end` prints the outcome and sets the exit code, so `npm run bench` knows.
 */
export function targets(bench: string) {
  const missed: string[] = []
  return {
    missed,
    check(ok: boolean, what: string): 'met' | 'MISSED' {
      if (!ok) missed.push(what)
      return ok ? 'met' : 'MISSED'
    },
    end(): void {
      if (missed.length === 0) console.log(`${bench}: targets met`)
      else console.error(`${bench}: below target: ${missed.join(', ')}`)
      process.exitCode = missed.length === 0 ? 0 : 1
    },
  }
}

/** How many per second `count` took since `started` (performance.now()), e.g. '3,400/s'. */
export function perSecond(count: number, started: number): string {
  return `${Math.round(count / ((performance.now() - started) / 1000)).toLocaleString('en')}/s`
}

/** Runs `work(i)` for i below `count`, `lanes` at a time; answers the rate. */
export async function timed(
  count: number,
  lanes: number,
  work: (i: number) => Promise<unknown> | unknown,
): Promise<string> {
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) await work(next++)
    }),
  )
  return perSecond(count, started)
}
