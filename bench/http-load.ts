/** A small closed-loop load generator for loopback benchmarks: `concurrency` clients, each sending one request at a time. */
export interface LoadResult {
  requests: number
  errors: number
  seconds: number
  perSecond: number
  p50: number
  p99: number
}

export async function load(
  total: number,
  concurrency: number,
  send: (i: number) => Promise<Response>,
  expectStatus = 200,
): Promise<LoadResult> {
  const latencies: number[] = []
  let errors = 0
  let next = 0
  const started = performance.now()
  const client = async () => {
    while (next < total) {
      const i = next++
      const t0 = performance.now()
      try {
        const response = await send(i)
        await response.arrayBuffer()
        if (response.status !== expectStatus) errors++
      } catch {
        errors++
      }
      latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { requests: total, errors, seconds, perSecond: total / seconds, p50: at(0.5), p99: at(0.99) }
}

export function report(name: string, r: LoadResult): void {
  console.log(
    `${name.padEnd(28)} ${r.requests} req in ${r.seconds.toFixed(2)} s: ${r.perSecond.toFixed(0)} req/s, ` +
      `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}`,
  )
}
