// `npm run serve`: one server from what is already built (no install, no build), e.g. a second instance or one
// a process manager starts. `npm start` installs and builds, then starts the same way (importRegionAndServe).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildEnv, log, root, run } from './toolchain.mjs'

const DEFAULT_REGION_PBF = '../shared/data/india-mumbai-south.osm.pbf'

/** A path from the environment, relative to the repository root as the server takes it (README, Configuration). */
function fromRoot(raw, fallback, base = root) {
  const path = raw?.trim() || fallback
  return isAbsolute(path) ? path : resolve(base, path)
}

/** What `npm run serve` needs and only `npm start` makes, as a message; null when everything is there. */
export function missingBuild(env = process.env, base = root) {
  const missing = []
  const dependencies = ['node_modules', 'sync-server/node_modules/tsx']
  if (!dependencies.every((path) => existsSync(join(base, path)))) missing.push('the dependencies (node_modules)')
  // Saathi's classifier is trained when installing (toolchain.mjs installDependencies); the server imports it.
  if (!existsSync(join(base, 'packages/assistant/src/classifier/model.generated.ts')))
    missing.push("Saathi's trained classifier")
  const webDist = fromRoot(env.WEB_DIST, 'web/dist', base)
  if (!existsSync(join(webDist, 'index.html'))) missing.push(`the built web app (${webDist})`)
  if (missing.length === 0) return null
  return `Wings is not built: ${missing.join(', ')} missing. Run \`npm start\` once: it installs, builds and starts; \`npm run serve\` then starts from that build.`
}

/** The map region (routing): imported once from REGION_PBF into DATA_DIR; skipped when a region is already there. */
export function importRegionIfMissing(env = process.env) {
  const regionFile = fromRoot(env.REGION_PBF, DEFAULT_REGION_PBF)
  if (!existsSync(regionFile)) {
    console.warn(
      `\n\u26a0 No OpenStreetMap extract at ${regionFile} (REGION_PBF): starting without importing a region. ` +
        'Route finding answers 503 until one is imported (pnpm -C sync-server import-region <file.osm.pbf>).',
    )
    return
  }
  log(`Importing the map region from ${regionFile} (if none yet)`)
  const status = run(
    process.execPath,
    ['--import', 'tsx', join(root, 'sync-server/src/cli/import-region.ts'), '--if-missing', regionFile],
    { cwd: join(root, 'sync-server'), allowFailure: true },
  )
  if (status !== 0) console.warn('\n\u26a0 The region import failed (see above): starting with the region as it was.')
}

/** Imports the region if DATA_DIR has none, then runs the server until it exits, passing on SIGINT and SIGTERM. */
export function importRegionAndServe() {
  importRegionIfMissing()
  log('Starting Wings')
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'sync-server/src/server.ts')], {
    cwd: join(root, 'sync-server'),
    stdio: 'inherit',
    env: buildEnv({ NODE_ENV: process.env.NODE_ENV ?? 'production' }),
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const missing = missingBuild()
  if (missing) {
    console.error(`\u2716 ${missing}`)
    process.exit(1)
  }
  importRegionAndServe()
}
