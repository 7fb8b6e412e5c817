/**
 * `import-region [--if-missing] <file.osm.pbf>...`: imports OpenStreetMap extracts (merged) as the server's region,
 * into DATA_DIR (see config.ts). Run from sync-server: `node --import tsx src/cli/import-region.ts ...`, or
 * `pnpm import-region ...`. Exit code 0 on success (or nothing to do), 1 on failure, 2 on bad usage.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { OsmPbfError } from '@wings/routing'
import { loadConfig } from '../config.ts'
import { importRegion } from '../modules/region/import.ts'

export const USAGE = 'Usage: import-region [--if-missing] <file.osm.pbf>...'

export interface CliIo {
  out: (line: string) => void
  err: (line: string) => void
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) }

/** The CLI as a function: answers the exit code. Paths are taken relative to `cwd`. */
export function runImportRegion(
  args: readonly string[],
  env: Record<string, string | undefined> = process.env,
  io: CliIo = consoleIo,
  cwd = process.cwd(),
): number {
  const ifMissing = args.includes('--if-missing')
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--if-missing')
  const files = args.filter((a) => !a.startsWith('-')).map((f) => resolve(cwd, f))
  if (unknown.length > 0 || files.length === 0) {
    io.err(unknown.length > 0 ? `Unknown option: ${unknown[0]}\n${USAGE}` : USAGE)
    return 2
  }
  let dataDir: string
  try {
    dataDir = loadConfig(env).dataDir
  } catch (error) {
    io.err((error as Error).message)
    return 1
  }
  const started = performance.now()
  try {
    const result = importRegion({ dataDir, files, ifMissing, log: io.out })
    if (result.skipped) return 0
    const meta = result.meta
    if (meta) {
      io.out(
        `Region '${meta.name}' imported into ${dataDir} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
          `${meta.counts.edges} road edges, ${meta.counts.places} places, ${meta.counts.safetyPois} safety POIs; ` +
          `data of ${meta.dataDate || 'an unknown date (the file does not say)'}, time zone ${meta.timeZone}. ` +
          meta.attribution,
      )
    }
    return 0
  } catch (error) {
    if (error instanceof OsmPbfError) io.err(error.message)
    else io.err(`Import failed: ${(error as Error).stack ?? String(error)}`)
    io.err('The region was not changed.')
    return 1
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runImportRegion(process.argv.slice(2))
}
