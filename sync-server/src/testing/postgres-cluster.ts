// A throwaway PostgreSQL server for the tests: initdb in a fresh temporary folder, started on 127.0.0.1 and a free
// port, gone again (process and folder) when stopped or when the process that started it exits.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

export interface PostgresCluster {
  /** The superuser's URL (no password: trust on 127.0.0.1), for the `postgres` database. */
  url: string
  /** The temporary folder: the data directory (`data/`) and the unix socket. */
  folder: string
  /** Fast shutdown, then the folder is deleted. */
  stop(): Promise<void>
  /** Fast shutdown, keeping the folder: `up` starts the same cluster again, as after an outage. */
  down(): Promise<void>
  /** Starts it again after `down`, on the same port and folder; resolves once it accepts connections. */
  up(): Promise<void>
}

/** Settings for speed over durability: the data is thrown away anyway. */
const THROWAWAY_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  // Parallel test files each open a pool or two.
  max_connections: '200',
  shared_buffers: '32MB',
  log_min_messages: 'warning',
}

const SERVER_BINARIES = ['initdb', 'postgres']
const READY_TIMEOUT_MS = 30_000
const STOP_TIMEOUT_MS = 10_000
const SUPERUSER = 'postgres'
const FOLDER_PREFIX = 'wings-pg-'
/** The pid of the process that started the cluster: once it is gone, so may the cluster be. */
const OWNER_FILE = 'owner.pid'

/**
 * The folder with PostgreSQL's server binaries: `pg_config --bindir`, the newest /usr/lib/postgresql/N/bin
 * (Debian), then PATH. scripts/toolchain.mjs (ensurePostgres) looks in the same places and installs them if none.
 */
export function findPostgresBinDir(): string {
  const hasServer = (dir: string) => SERVER_BINARIES.every((name) => existsSync(join(dir, name)))
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  const candidates = pgConfig.status === 0 ? [pgConfig.stdout.trim()] : []
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((name) => /^\d+$/.test(name))
    candidates.push(...versions.sort((a, b) => Number(b) - Number(a)).map((version) => join(debian, version, 'bin')))
  }
  candidates.push(...(process.env.PATH ?? '').split(':').filter((dir) => dir !== ''))
  const found = candidates.find(hasServer)
  if (found === undefined)
    throw new Error(
      'PostgreSQL server binaries (initdb, postgres) not found: `npm test` installs them, or apt-get install postgresql',
    )
  return found
}

/** initdb and postgres refuse to run as root: as root they run as the `postgres` user the Debian package makes. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null
  const id = (flag: string) => spawnSync('id', [flag, SUPERUSER], { encoding: 'utf8' })
  const [uid, gid] = [id('-u'), id('-g')]
  if (uid.status !== 0 || gid.status !== 0)
    throw new Error(
      `Running as root, and there is no "${SUPERUSER}" user to run PostgreSQL as (initdb refuses root): install Debian's postgresql package, which makes one, or run the tests as another user`,
    )
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** Starts a fresh cluster; resolves once it accepts connections (about a second). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const binDir = findPostgresBinDir()
  const user = serverUser()
  reapOrphanedClusters()
  const folder = mkdtempSync(join(tmpdir(), FOLDER_PREFIX))
  writeFileSync(join(folder, OWNER_FILE), String(process.pid))
  let server: ChildProcess | null = null
  const removeFolder = () => rmSync(folder, { recursive: true, force: true })
  // Synchronous, so it also runs on 'exit': an immediate shutdown, then the folder goes.
  const killNow = () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGQUIT')
    removeFolder()
  }
  const onExit = () => killNow()
  const onSignal = (signal: NodeJS.Signals) => {
    killNow()
    // Nobody else handles it: die of it as the process would have without this listener.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
  }
  process.once('exit', onExit)
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  const forget = () => {
    process.off('exit', onExit)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }

  const spawnOptions = {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC' },
    ...(user ?? {}),
  }
  try {
    if (user) chownSync(folder, user.uid, user.gid)
    const dataDir = join(folder, 'data')
    await promisify(execFile)(
      join(binDir, 'initdb'),
      ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C'],
      spawnOptions,
    ).catch((error: Error & { stderr?: string }) => {
      throw new Error(`initdb failed: ${error.stderr?.trim() || error.message}`)
    })
    const settings = Object.entries(THROWAWAY_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])
    // A port taken between freePort() and the server's bind: try another.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort()
      const args = ['-D', dataDir, '-p', String(port), '-k', folder, '-c', 'listen_addresses=127.0.0.1', ...settings]
      const launch = () =>
        spawn(join(binDir, 'postgres'), args, { ...spawnOptions, stdio: ['ignore', 'ignore', 'pipe'] })
      server = launch()
      const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`
      const failure = await waitUntilReady(server, url)
      if (failure === null) {
        let running = server
        let stopping: Promise<void> | null = null
        const stop = () => {
          stopping ??= stopServer(running).then(() => {
            forget()
            removeFolder()
          })
          return stopping
        }
        const down = () => stopServer(running)
        const up = async () => {
          if (stopping !== null) throw new Error('This cluster was stopped for good')
          if (running.exitCode === null && running.signalCode === null) return
          running = server = launch()
          const failed = await waitUntilReady(running, url)
          if (failed !== null) throw new Error(`PostgreSQL did not start again: ${failed}`)
        }
        return { url, folder, stop, down, up }
      }
      if (!/could not bind|address already in use/i.test(failure) || attempt >= 3)
        throw new Error(`PostgreSQL did not start: ${failure}`)
    }
  } catch (error) {
    killNow()
    forget()
    throw error
  }
}

/**
 * Clusters whose starter died without cleaning up (SIGKILL, a crash): their server stopped and folders deleted, so
 * they do not pile up over many runs.
 */
function reapOrphanedClusters(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(FOLDER_PREFIX)) continue
    const folder = join(tmpdir(), name)
    const owner = readPid(join(folder, OWNER_FILE))
    if (owner === null || isAlive(owner)) continue
    const server = readPid(join(folder, 'data', 'postmaster.pid'))
    // The pid file may be stale and its number reused: only a postgres serving this folder is stopped.
    if (server !== null && commandLine(server).includes(folder)) signal(server, 'SIGQUIT')
    rmSync(folder, { recursive: true, force: true })
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0])
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name)
  } catch {
    // Gone already, or not ours to stop.
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return ''
  }
}

/** null once the server answers a query; the reason (its last log lines) if it exits or takes too long. */
async function waitUntilReady(server: ChildProcess, url: string): Promise<string | null> {
  let log = ''
  server.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000)
  })
  let exited = false
  server.once('exit', () => {
    exited = true
  })
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (!exited && Date.now() < deadline) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
    try {
      await client.connect()
      await client.query('SELECT 1')
      return null
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50))
    } finally {
      await client.end().catch(() => {})
    }
  }
  if (!exited) server.kill('SIGKILL')
  return log.trim() || (exited ? `exited with ${server.exitCode ?? server.signalCode}` : 'not ready after 30 s')
}

/** SIGINT is PostgreSQL's fast shutdown (open sessions are ended); SIGKILL if it hangs. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGINT')
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await exited
  clearTimeout(timer)
}
