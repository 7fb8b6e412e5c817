import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url))

let dataDir: string
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wings-server-'))
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

/** `node server.ts` with this environment, until it exits (it should at once). */
function startServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  })
}

describe('DATABASE_URL at start', () => {
  it('refuses to start in a one-line message while PostgreSQL is not wired in, and touches no SQLite file', () => {
    const run = startServer({ DATABASE_URL: 'postgres://wings:s3cret@127.0.0.1:5432/wings' })
    expect(run.status).toBe(1)
    expect(run.stderr.trim()).toBe(
      'DATABASE_URL is set, but this build of Wings cannot use PostgreSQL yet: unset DATABASE_URL to run on SQLite in DATA_DIR.',
    )
    expect(run.stdout).toBe('')
    expect(readdirSync(dataDir)).toEqual([])
  }, 40_000)

  it('refuses a bad one naming the variable, without a stack trace or the password', () => {
    const run = startServer({ DATABASE_URL: 'mysql://wings:s3cret@127.0.0.1/wings' })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL')
    expect(run.stderr).not.toContain('s3cret')
    expect(run.stderr).not.toMatch(/\n\s+at /)
  }, 40_000)
})
