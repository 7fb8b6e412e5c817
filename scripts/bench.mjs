// `npm run bench`: installs, then runs every benchmark under bench/ in turn; each prints its own figures.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { installDependencies, log, pnpm, root, run } from './toolchain.mjs'

const pm = pnpm()
installDependencies(pm)

const benches = readdirSync(join(root, 'bench'))
  .filter((name) => name.endsWith('.bench.ts'))
  .sort()
for (const name of benches) {
  log(`bench/${name}`)
  run(process.execPath, ['--import', 'tsx', join(root, 'bench', name)], { cwd: join(root, 'sync-server') })
}
