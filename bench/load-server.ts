/** The real server in a process of its own for loopback benchmarks (bench/serve-for-load.ts), started and stopped. */
import { type ChildProcessByStdio, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'

const SERVER = fileURLToPath(new URL('./serve-for-load.ts', import.meta.url))

export type LoadServer = ChildProcessByStdio<Writable, Readable, null>

/** Starts the server on `extract`; answers it and its URL once it listens (or throws after a minute). */
export async function startLoadServer(extract: string): Promise<{ child: LoadServer; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, extract], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout })
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  try {
    for await (const line of lines) return { child, url: (JSON.parse(line) as { url: string }).url }
    throw new Error(`the server process ended (exit code ${child.exitCode}) before listening`)
  } finally {
    clearTimeout(timer)
    lines.close()
  }
}

/** Asks the server to stop, and kills it if it has not within 5 s. */
export async function stopLoadServer(child: LoadServer): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}
