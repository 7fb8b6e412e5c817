import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const serverDir = join(repo, 'sync-server')
const webDist = process.env.WEB_OUT_DIR ?? join(repo, 'web/dist')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode} before it was ready`)
    try {
      if ((await fetch(`${url}/api/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not answer ${url}/api/healthz within 30 s`)
}

export interface RunningServer {
  baseURL: string
  port: number
  dataDir: string
  /** Ends the process: SIGTERM for a clean stop, SIGKILL for a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>
}

/** The extract the browser tests' server serves, as `npm start` does by default. */
export const TEST_REGION = fileURLToPath(new URL('../../../shared/data/india-mumbai-south.osm.pbf', import.meta.url))

/** Imports a region with the real command, as `npm start` does before the server starts. */
function importRegion(dataDir: string, files: string[]): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/import-region.ts', ...files], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`import-region failed: ${result.stderr}`)
}

/**
 * The real server, started as `npm start` starts it, on a free (or given) port and a throw-away (or given)
 * database, with the given region imported first (none by default).
 */
export async function startServer(
  options: { port?: number; dataDir?: string; region?: string[]; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error('Build the PWA first: pnpm --filter @wings/web run build')
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wings-e2e-'))
  if (options.region) importRegion(dataDir, options.region)
  const port = options.port ?? (await freePort())
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      // Each browser context plays a separate phone behind a proxy (X-Forwarded-For, see browser.ts), so the
      // per-client rate limits apply per test rather than to the whole suite.
      TRUST_PROXY: 'true',
      // Links in guardians' alerts point at this server.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
  })
  const baseURL = `http://127.0.0.1:${port}`
  await waitForHealth(baseURL, child)
  return {
    baseURL,
    port,
    dataDir,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill(signal)
      await exited
    },
  }
}

export function removeData(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true })
}

/**
 * Runs SQL on a server's database from a separate process, as an operator would with the sqlite3 shell:
 * the proof that a write reached the server is the row itself. better-sqlite3 lives in sync-server.
 */
export function sql<T = Record<string, unknown>>(dataDir: string, query: string, params: unknown[] = []): T[] {
  const script = `
    const Database = require('better-sqlite3')
    const db = new Database(process.argv[1])
    db.pragma('busy_timeout = 5000')
    const statement = db.prepare(process.argv[2])
    const params = JSON.parse(process.argv[3])
    const rows = statement.reader ? statement.all(...params) : (statement.run(...params), [])
    process.stdout.write(JSON.stringify(rows))
    db.close()`
  const result = spawnSync(process.execPath, ['-e', script, join(dataDir, 'wings.db'), query, JSON.stringify(params)], {
    cwd: serverDir,
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`sql failed: ${result.stderr}`)
  return JSON.parse(result.stdout) as T[]
}
