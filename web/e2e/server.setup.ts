import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

const repo = fileURLToPath(new URL('../..', import.meta.url))

function freePort(): Promise<number> {
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
      const response = await fetch(`${url}/api/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not answer ${url}/api/healthz within 30 s`)
}

/** Starts the real server, as `npm start` does, on a free port with a throw-away database. */
export default async function setup(project: TestProject) {
  const webDist = join(repo, 'web/dist')
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error('Build the PWA first: pnpm --filter @wings/web run build')
  const dataDir = mkdtempSync(join(tmpdir(), 'wings-e2e-'))
  const port = await freePort()
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(repo, 'sync-server'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
    },
  })
  const baseURL = `http://127.0.0.1:${port}`
  await waitForHealth(baseURL, server)
  project.provide('baseURL', baseURL)

  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
