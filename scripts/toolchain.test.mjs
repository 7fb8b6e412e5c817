import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { postgresBinDir } from './toolchain.mjs'

const dir = mkdtempSync(join(tmpdir(), 'wings-toolchain-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A folder holding empty stand-ins for the named programs. */
function binaries(folder, names) {
  const path = join(dir, folder)
  mkdirSync(path, { recursive: true })
  for (const name of names) {
    writeFileSync(join(path, name), '#!/bin/sh\n')
    chmodSync(join(path, name), 0o755)
  }
  return path
}

describe("ensurePostgres's search for the server binaries", () => {
  const noPgConfig = binaries('empty', [])

  it('takes the newest Debian version that has both initdb and postgres', () => {
    binaries('debian/13/bin', ['initdb', 'postgres'])
    const newest = binaries('debian/16/bin', ['initdb', 'postgres'])
    binaries('debian/17/bin', ['postgres'])
    expect(postgresBinDir({ path: noPgConfig, debian: join(dir, 'debian') })).toBe(newest)
  })

  it("prefers pg_config's bindir, then falls back to PATH", () => {
    const fromPgConfig = binaries('pgconfig-bindir', ['initdb', 'postgres'])
    const pgConfig = binaries('pgconfig', [])
    writeFileSync(join(pgConfig, 'pg_config'), `#!/bin/sh\necho ${fromPgConfig}\n`)
    chmodSync(join(pgConfig, 'pg_config'), 0o755)
    const onPath = binaries('path', ['initdb', 'postgres'])
    const debian = join(dir, 'debian')
    expect(postgresBinDir({ path: `${pgConfig}:${onPath}`, debian })).toBe(fromPgConfig)
    expect(postgresBinDir({ path: `${noPgConfig}:${onPath}`, debian: join(dir, 'none') })).toBe(onPath)
  })

  it('finds none when only client programs are installed', () => {
    const clientOnly = binaries('client', ['psql', 'pg_dump'])
    expect(postgresBinDir({ path: clientOnly, debian: join(dir, 'none') })).toBeNull()
  })
})
