import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './postgres.ts'
import { startPostgresCluster } from './postgres-cluster.ts'

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

const SYNC_SERVER = fileURLToPath(new URL('../../', import.meta.url))

/** Starts a cluster, prints its folder, then exits by itself ('exit') or waits to be killed. */
const CLUSTER_IN_A_CHILD = `
  const { startPostgresCluster } = await import('./src/testing/postgres-cluster.ts')
  const cluster = await startPostgresCluster()
  console.log(cluster.folder)
  if (process.argv.at(-1) === 'exit') process.exit(0)
  setInterval(() => {}, 1000)
`

/** Alive and not a zombie (a container's init may not reap the orphaned server at once). */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

// Each starts a cluster or two: seconds on a loaded machine.
describe('startPostgresCluster', { timeout: 30_000 }, () => {
  it('starts a server that answers on 127.0.0.1, and stop() ends it and removes its folder', async () => {
    const cluster = await startPostgresCluster()
    try {
      expect(cluster.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/)
      const [row] = await query<{ answer: number; fsync: string }>(
        cluster.url,
        "SELECT 6 * 7 AS answer, current_setting('fsync') AS fsync",
      )
      expect(row).toEqual({ answer: 42, fsync: 'off' })
      expect(existsSync(join(cluster.folder, 'data', 'PG_VERSION'))).toBe(true)
    } finally {
      await cluster.stop()
    }
    expect(existsSync(cluster.folder)).toBe(false)
    await expect(query(cluster.url, 'SELECT 1')).rejects.toThrow()
    await cluster.stop()
  })

  // initdb and postgres refuse root. Not root: nothing to check, and vitest reports this test skipped.
  it.runIf(process.getuid?.() === 0)('runs initdb and the server as a user other than root', async () => {
    const cluster = await startPostgresCluster()
    try {
      const dataDir = join(cluster.folder, 'data')
      expect(statSync(dataDir).uid).not.toBe(0)
      const serverPid = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]
      expect(statSync(`/proc/${serverPid}`).uid).toBe(statSync(dataDir).uid)
    } finally {
      await cluster.stop()
    }
  })

  it.each(['exit', 'SIGTERM'])('leaves no server nor folder behind when its process ends (%s)', async (ending) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', CLUSTER_IN_A_CHILD, ending],
      { cwd: SYNC_SERVER, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const [folder] = (await once(createInterface({ input: child.stdout }), 'line')) as [string]
    const serverPid = Number(readFileSync(join(folder, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
    expect(isRunning(serverPid)).toBe(true)
    if (ending === 'SIGTERM') child.kill('SIGTERM')
    const [code, signal] = await once(child, 'exit')
    expect(ending === 'exit' ? code : signal).toBe(ending === 'exit' ? 0 : 'SIGTERM')
    expect(existsSync(folder)).toBe(false)
    await expect.poll(() => isRunning(serverPid), { timeout: 5000 }).toBe(false)
  })

  it('stops and removes a cluster whose starter was killed (SIGKILL) when the next one starts', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CLUSTER_IN_A_CHILD], {
      cwd: SYNC_SERVER,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const [folder] = (await once(createInterface({ input: child.stdout }), 'line')) as [string]
    const serverPid = Number(readFileSync(join(folder, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
    child.kill('SIGKILL')
    await once(child, 'exit')
    expect(isRunning(serverPid)).toBe(true)
    const next = await startPostgresCluster()
    await next.stop()
    expect(existsSync(folder)).toBe(false)
    await expect.poll(() => isRunning(serverPid), { timeout: 5000 }).toBe(false)
  })
})

describe('createTestDatabase', () => {
  const databases: TestDatabase[] = []
  afterAll(() => Promise.all(databases.map((database) => database.drop())))

  it('gives each caller its own empty database', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()])
    databases.push(a, b)
    expect(a.url).not.toBe(b.url)
    await query(a.url, "CREATE TABLE note (body text); INSERT INTO note VALUES ('only in a')")
    expect(await query(a.url, 'SELECT body FROM note')).toEqual([{ body: 'only in a' }])
    const tables = "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'"
    expect(await query(b.url, tables)).toEqual([{ n: 0 }])
  })

  it('drops the database, even with a connection still open, and a second drop is harmless', async () => {
    const database = await createTestDatabase()
    const open = new pg.Client({ connectionString: database.url })
    open.on('error', () => {})
    await open.connect()
    await database.drop()
    await database.drop()
    await expect(query(database.url, 'SELECT 1')).rejects.toThrow(/does not exist/)
    await open.end().catch(() => {})
  })
})
