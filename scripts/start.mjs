// `npm start`: install, build the PWA, start the one server process that serves the PWA and /api.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { buildEnv, buildWeb, installDependencies, log, pnpm, root, run } from './toolchain.mjs'

const pm = pnpm()
installDependencies(pm)
buildWeb(pm)

// The map region (routing): imported once from REGION_PBF into DATA_DIR; skipped when a region is already there.
const regionPbf = process.env.REGION_PBF?.trim() || '../shared/data/india-mumbai-south.osm.pbf'
const regionFile = isAbsolute(regionPbf) ? regionPbf : resolve(root, regionPbf)
if (!existsSync(regionFile)) {
  console.warn(
    `\n\u26a0 No OpenStreetMap extract at ${regionFile} (REGION_PBF): starting without importing a region. ` +
      'Route finding answers 503 until one is imported (pnpm -C sync-server import-region <file.osm.pbf>).',
  )
} else {
  log(`Importing the map region from ${regionFile} (if none yet)`)
  const status = run(
    process.execPath,
    ['--import', 'tsx', join(root, 'sync-server/src/cli/import-region.ts'), '--if-missing', regionFile],
    { cwd: join(root, 'sync-server'), allowFailure: true },
  )
  if (status !== 0) console.warn('\n\u26a0 The region import failed (see above): starting with the region as it was.')
}

log('Starting Wings')
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'sync-server/src/server.ts')], {
  cwd: join(root, 'sync-server'),
  stdio: 'inherit',
  env: buildEnv({ NODE_ENV: process.env.NODE_ENV ?? 'production' }),
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
