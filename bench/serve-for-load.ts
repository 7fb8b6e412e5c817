/**
 * `node --import tsx bench/serve-for-load.ts <file.osm.pbf>`: the real server for a load benchmark, in a process of
 * its own so the load generator does not share its event loop: the extract imported as its region into a
 * throw-away data directory, production settings except that every rate limit is lifted and nothing is logged.
 * Prints `{"url": ...}` on one stdout line once listening on a free loopback port; stops on SIGTERM, SIGINT or when
 * its stdin closes (the benchmark that started it ended, however it ended).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../sync-server/src/app.ts'
import { runImportRegion } from '../sync-server/src/cli/import-region.ts'
import { loadConfig } from '../sync-server/src/config.ts'
import { unlimitedRateLimits } from '../sync-server/src/testing/test-app.ts'

const file = process.argv[2]
if (!file) {
  console.error('Usage: serve-for-load.ts <file.osm.pbf>')
  process.exit(2)
}

const dataDir = mkdtempSync(join(tmpdir(), 'wings-load-'))
const stderr = { out: () => {}, err: (line: string) => console.error(line) }
if (runImportRegion([file], { DATA_DIR: dataDir }, stderr) !== 0) {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(1)
}
const app = await buildApp({ ...loadConfig({}), dataDir, logLevel: 'silent', rateLimits: unlimitedRateLimits() })
const url = await app.listen({ host: '127.0.0.1', port: 0 })
process.stdout.write(`${JSON.stringify({ url })}\n`)

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.stdin.on('end', stop).resume()
