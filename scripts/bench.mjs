// `npm run bench`: installs, then runs every benchmark under bench/ in turn; each prints its own figures.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { audit } from './audit.mjs'
import { buildWeb, ensureChromium, ensurePostgres, installDependencies, log, pnpm, root, run } from './toolchain.mjs'

const pm = pnpm()
installDependencies(pm)
// The bundle benchmark measures the PWA as built now, in chromium.
buildWeb(pm)
ensureChromium()
// The PostgreSQL benchmarks start a throwaway cluster, as the tests do.
ensurePostgres()

const benches = readdirSync(join(root, 'bench'))
  .filter((name) => name.endsWith('.bench.ts'))
  .sort()
// Every benchmark runs even when one misses its target; the exit code says whether all of them met theirs.
const missed = benches.filter((name) => {
  log(`bench/${name}`)
  const status = run(process.execPath, ['--import', 'tsx', join(root, 'bench', name)], {
    cwd: join(root, 'sync-server'),
    allowFailure: true,
  })
  return status !== 0
})
log('pnpm audit (high and critical advisories)')
if (audit(pm) !== 0) missed.push('pnpm audit')
if (missed.length > 0) {
  console.error(`\n\u2716 below target or failed: ${missed.join(', ')}`)
  process.exit(1)
}
