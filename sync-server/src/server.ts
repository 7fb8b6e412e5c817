import { type App, buildApp } from './app.ts'
import { type Config, loadConfig } from './config.ts'
import { DatabaseUnavailableError } from './db/serving-database.ts'

/** Time allowed for open requests to finish on shutdown before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000

let config: Config
try {
  config = loadConfig(process.env)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

// Until the PostgreSQL storage is wired in (#29), starting on SQLite with DATABASE_URL set would split the data.
if (config.databaseUrl !== null) {
  console.error(
    'DATABASE_URL is set, but this build of Wings cannot use PostgreSQL yet: unset DATABASE_URL to run on SQLite in DATA_DIR.',
  )
  process.exit(1)
}

let app: App
try {
  app = await buildApp(config)
} catch (error) {
  // A full disk or a folder it may not write: say so and what to do, not a stack trace.
  if (!(error instanceof DatabaseUnavailableError)) throw error
  console.error(error.message)
  process.exit(1)
}

async function shutdown(signal: string) {
  app.log.info(`${signal} received, shutting down`)
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref()
  await app.close()
  process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)

try {
  await app.listen({ port: config.port, host: config.host })
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  app.log.info(`Wings is running at http://${shownHost}:${config.port}/`)
} catch (error) {
  app.log.fatal({ err: error }, 'could not start the server')
  await app.close()
  process.exit(1)
}
