import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, DATABASE_FILE } from '../sync-server/src/app.ts'
import { loadConfig } from '../sync-server/src/config.ts'
import { unlimitedRateLimits } from '../sync-server/src/testing/test-app.ts'

/**
 * The real server for a loopback benchmark: production settings on a throw-away database, with every rate
 * limit lifted (one client on 127.0.0.1 would otherwise measure the limiter).
 */
export async function benchServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wings-bench-'))
  const app = await buildApp({ ...loadConfig({}), dataDir, logLevel: 'silent', rateLimits: unlimitedRateLimits() })
  return {
    app,
    dataDir,
    dbFile: join(dataDir, DATABASE_FILE),
    /** Starts listening on a free loopback port; answers the base URL. */
    listen: () => app.listen({ host: '127.0.0.1', port: 0 }),
    async close() {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
