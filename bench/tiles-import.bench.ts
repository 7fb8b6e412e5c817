// The tiles step of the region import at metro size (issue 27): the synthetic metro (south Mumbai tiled 8 x 8,
// packages/routing/src/testing/metro.ts, written to a temp folder) is read and made a road graph in a child process,
// as importRegion does, then tilesImportStep runs there: its time, the child's peak RSS before and after it, and
// tiles.bin. The child holds the extract and the graph during the step, as the import does, so its peak is close to
// the whole import's (bench/metro.bench.ts measures that one). Targets: the step <= 15 s, the peak <= 1.5 GB.
// METRO_PBF=/path/to/metro.osm.pbf skips building the metro; METRO_GRID=4x4 builds a smaller one.
// Run: cd sync-server && nice -n 10 node --import tsx ../bench/tiles-import.bench.ts
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { mb } from './report.ts'

const SELF = fileURLToPath(import.meta.url)
const DATA = fileURLToPath(new URL('../../shared/data/', import.meta.url))
const TARGET = { stepMs: 15_000, peakBytes: 1.5e9 }
const peak = () => process.resourceUsage().maxRSS * 1024

if (process.argv[2] === '--child') {
  const { buildRoadGraph, readOsmPbf } = await import('../packages/routing/src/index.ts')
  const { tilesImportStep } = await import('../sync-server/src/modules/tiles/import.ts')
  const { TILES_FILE, TileArchive } = await import('../sync-server/src/modules/tiles/tile-archive.ts')
  const [pbf, dir] = process.argv.slice(3) as [string, string]
  let t0 = performance.now()
  const extract = readOsmPbf(pbf)
  const graph = buildRoadGraph([extract])
  const readMs = performance.now() - t0
  const peakBefore = peak()
  t0 = performance.now()
  tilesImportStep({ extracts: [extract], graph, dir, db: {} as never })
  const stepMs = performance.now() - t0
  const archive = new TileArchive(join(dir, TILES_FILE))
  const tiles = archive.tileCount
  archive.close()
  console.log(
    JSON.stringify({
      readMs,
      stepMs,
      peakBefore,
      peakAfter: peak(),
      tiles,
      bytes: statSync(join(dir, TILES_FILE)).size,
    }),
  )
  process.exit(0)
}

const work = mkdtempSync(join(tmpdir(), 'wings-tiles-import-bench-'))
try {
  let pbf = process.env.METRO_PBF
  if (!pbf) {
    const { writeMetroPbf } = await import('../packages/routing/src/testing/metro.ts')
    const [rows, cols] = (process.env.METRO_GRID ?? '8x8').split('x').map(Number) as [number, number]
    pbf = join(work, 'metro.osm.pbf')
    const t0 = performance.now()
    writeMetroPbf(
      { source: join(DATA, 'india-mumbai-south.osm.pbf'), rows, cols, gapMeters: 150, connectorsPerSide: 6 },
      pbf,
    )
    console.log(`metro ${rows} x ${cols} written in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  }
  const dir = join(work, 'region')
  mkdirSync(dir)
  const child = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--child', pbf, dir], { encoding: 'utf8' })
  const last = child.stdout.trim().split('\n').pop() ?? ''
  if (child.status !== 0 || !last.startsWith('{')) throw new Error(`tiles import failed: ${child.stderr.slice(-2000)}`)
  const f = JSON.parse(last) as Record<string, number>
  const stepOk = (f.stepMs as number) <= TARGET.stepMs
  const peakOk = (f.peakAfter as number) <= TARGET.peakBytes
  console.log(
    `metro tiles import step: ${((f.stepMs as number) / 1000).toFixed(1)} s (target <= ${TARGET.stepMs / 1000} s: ${stepOk ? 'met' : 'MISSED'}); ` +
      `peak RSS ${mb(f.peakBefore as number)} after read + graph (${((f.readMs as number) / 1000).toFixed(1)} s), ` +
      `${mb(f.peakAfter as number)} after the step (target <= ${mb(TARGET.peakBytes)}: ${peakOk ? 'met' : 'MISSED'}); ` +
      `tiles.bin ${mb(f.bytes as number)}, ${f.tiles} tiles; load average ${loadavg()[0]?.toFixed(1)} on this machine`,
  )
  if (!stepOk || !peakOk) process.exitCode = 1
} finally {
  rmSync(work, { recursive: true, force: true })
}
