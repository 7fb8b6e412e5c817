import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { missingBuild } from './serve.mjs'
import { root } from './toolchain.mjs'

const dir = mkdtempSync(join(tmpdir(), 'wings-serve-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const SERVE = join(root, 'scripts/serve.mjs')
const REGION_PBF = join(root, '../shared/data/india-mumbai-south.osm.pbf')

/** A tree holding the given files (empty ones). */
function tree(name, files) {
  const base = join(dir, name)
  for (const file of files) {
    mkdirSync(dirname(join(base, file)), { recursive: true })
    writeFileSync(join(base, file), '')
  }
  mkdirSync(base, { recursive: true })
  return base
}

const BUILT = [
  'node_modules/.modules.yaml',
  'sync-server/node_modules/tsx/package.json',
  'packages/assistant/src/classifier/model.generated.ts',
  'web/dist/index.html',
]

async function freePort() {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address()
  probe.close()
  return port
}

describe('what `npm run serve` needs built', () => {
  it('is all there in a built tree', () => {
    expect(missingBuild({}, tree('built', BUILT))).toBeNull()
  })

  it('names each missing part and `npm start` as the way to build', () => {
    const message = missingBuild({}, tree('fresh', []))
    expect(message).toContain('the dependencies (node_modules)')
    expect(message).toContain("Saathi's trained classifier")
    expect(message).toContain(`the built web app (${join(dir, 'fresh', 'web/dist')})`)
    expect(message).toContain('Run `npm start` once')
    const noWeb = missingBuild({}, tree('no-web', BUILT.slice(0, 3)))
    expect(noWeb).toMatch(/^Wings is not built: the built web app \(.*\) missing/)
  })

  it('looks for the web app in WEB_DIST, relative to the repository root', () => {
    const base = tree('elsewhere', [...BUILT.slice(0, 3), 'public/index.html'])
    expect(missingBuild({ WEB_DIST: 'public' }, base)).toBeNull()
    expect(missingBuild({ WEB_DIST: join(base, 'public') }, base)).toBeNull()
    expect(missingBuild({ WEB_DIST: 'web/dist' }, base)).toContain('the built web app')
  })
})

describe('npm run serve', () => {
  it('refuses to start without the built web app, naming `npm start`', () => {
    const run = spawnSync(process.execPath, [SERVE], {
      env: { PATH: process.env.PATH, WEB_DIST: join(dir, 'nothing-built'), DATA_DIR: join(dir, 'refused-data') },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(`the built web app (${join(dir, 'nothing-built')}) missing`)
    expect(run.stderr).toContain('`npm start`')
    expect(existsSync(join(dir, 'refused-data'))).toBe(false)
  })

  it('imports the region into an empty DATA_DIR, answers /api/healthz, and stops on SIGTERM', async () => {
    const dataDir = join(dir, 'data')
    const port = await freePort()
    const webDist = tree('web-dist', ['index.html'])
    const server = spawn(process.execPath, [SERVE], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        REGION_PBF,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => (output += chunk))
    const exited = once(server, 'exit')
    try {
      let health = null
      const deadline = Date.now() + 60_000
      while (health?.status !== 200 && server.exitCode === null && Date.now() < deadline) {
        health = await fetch(`http://127.0.0.1:${port}/api/healthz`).catch(() => null)
        if (health?.status !== 200) await new Promise((resolve) => setTimeout(resolve, 200))
      }
      expect(health?.status, output).toBe(200)
      if (existsSync(REGION_PBF)) expect(existsSync(join(dataDir, 'region')), output).toBe(true)
    } finally {
      server.kill('SIGTERM')
    }
    const [code] = await exited
    expect(code, output).toBe(0)
  }, 90_000)
})
