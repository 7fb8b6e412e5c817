// The real server (src/server.ts) as a child process for the crash tests: started on a data directory, killed with
// SIGKILL or stopped, and the one HTTP client everything uses to talk to it, so the kill can count what it cut off.
import { type ChildProcess, spawn } from 'node:child_process'
import { type AddressInfo, createServer } from 'node:net'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url))
const READY_WITHIN_MS = 30_000
const REQUEST_TIMEOUT_MS = 10_000

/** The real server (src/server.ts) running as a child process. */
export interface ServerProcess {
  base: string
  /** Milliseconds from spawn until /api/healthz answered 200. */
  readyMs: number
  /** SIGKILL: no shutdown, no checkpoint, whatever was in flight is cut off. Resolves once the process is gone. */
  kill(): Promise<void>
  /** SIGTERM: the server's own graceful shutdown. */
  stop(): Promise<void>
  /** The last few kB it printed, for failure messages. */
  output(): string
}

/** Every server child still running, with the promise of its exit. */
const running = new Map<ChildProcess, Promise<void>>()

/** SIGKILLs every server child still running and waits until they are gone: for afterAll and finally blocks. */
export async function killAllServers(): Promise<void> {
  const exits = [...running].map(([child, exited]) => {
    child.kill('SIGKILL')
    return exited
  })
  await Promise.all(exits)
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', resolve)
  })
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/**
 * Starts `node --import tsx src/server.ts` on `dataDir`, on a free loopback port; resolves once it answers. `env`: more
 * variables for it (e.g. the guardians' PUSH_SERVICE_ORIGINS).
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    // Only what the server reads, so nothing from the caller's environment (an LLM URL, TRUST_PROXY) leaks in.
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      WEB_DIST: join(dataDir, 'no-web-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => {
    const gone = () => {
      running.delete(child)
      resolve()
    }
    child.once('exit', gone)
    child.once('error', gone)
  })
  running.set(child, exited)
  const base = `http://127.0.0.1:${port}`
  try {
    await waitUntilReady(base, () => child.exitCode !== null || !running.has(child))
  } catch (error) {
    child.kill('SIGKILL')
    await exited
    throw new Error(`${(error as Error).message}\n${output}`)
  }
  return {
    base,
    readyMs: performance.now() - started,
    kill() {
      if (running.has(child) && child.pid !== undefined) process.kill(child.pid, 'SIGKILL')
      return exited
    },
    stop() {
      child.kill('SIGTERM')
      return exited
    },
    output: () => output,
  }
}

async function waitUntilReady(base: string, gone: () => boolean): Promise<void> {
  const deadline = performance.now() + READY_WITHIN_MS
  while (performance.now() < deadline) {
    if (gone()) throw new Error('the server exited before it answered')
    const answer = await send(base, 'GET', '/api/healthz')
    if (answer?.status === 200) return
    await sleep(50)
  }
  throw new Error(`the server did not answer within ${READY_WITHIN_MS} ms`)
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

export interface Answer {
  status: number
  body: unknown
  cookies: string[]
}

/** Requests started and not yet answered or failed: how many the kill cut off. */
let inFlight = 0

export const requestsInFlight = () => inFlight

/** One request; null when no full answer came (refused, cut off by the kill, timed out): not acknowledged. */
export async function send(
  base: string,
  method: string,
  path: string,
  { cookie, body }: { cookie?: string; body?: unknown } = {},
): Promise<Answer | null> {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (cookie !== undefined) headers.cookie = cookie
  inFlight++
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null, cookies: res.headers.getSetCookie() }
  } catch {
    return null
  } finally {
    inFlight--
  }
}
