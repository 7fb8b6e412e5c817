// Place search on the phone (docs/planner.md, "Place search on the phone"): searchPlaces over 10,000 places, in
// Node on this machine: building the index (once per set of kept bundles) and query time p50/p99 over queries
// people type (whole names, abbreviations, prefixes, typos, Devanagari, one or two letters), against the aim of
// p99 <= 10 ms. The places: the bundle of the imported Mumbai south region (every place of it), and copies of it
// elsewhere with a letter changed in each word, as many new words as a larger city's.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type AreaPlace,
  createPlaceIndex,
  decodeAreaBundle,
  normalize,
  searchPlaces,
} from '../packages/area-bundle/src/index.ts'
import { seededRandom } from '../packages/geo/src/testing/random.ts'
import { openDatabase } from '../sync-server/src/db/connection.ts'
import { createIncidentsRepo } from '../sync-server/src/modules/incidents/repo.ts'
import { createNearbyRepo } from '../sync-server/src/modules/nearby/repo.ts'
import { createNearbyService } from '../sync-server/src/modules/nearby/service.ts'
import { createOfflineAreaRepo } from '../sync-server/src/modules/offline-area/repo.ts'
import { createOfflineAreaService } from '../sync-server/src/modules/offline-area/service.ts'
import { importRegion, REGION_DATABASE_FILE } from '../sync-server/src/modules/region/import.ts'
import { loadRegion } from '../sync-server/src/modules/region/region.ts'
import { percentile } from './report.ts'

const EXTRACT = '/work/shared/data/india-mumbai-south.osm.pbf'
const PLACES = 10_000
const ROUNDS = 40
const TARGET_P99_MS = 10
const QUERIES = [
  ...['grant road', 'grant rd', 'Grant Road', 'grnt road', 'grant raod', 'byculla', 'bycula', 'byculla east'],
  ...['mahala', 'mahalaxmi', 'tardeo', 'tardo', 'nair hosp', 'tardeo police stn', 'marine drive', 'haji ali'],
  ...['breach candy', 'breach ca', 'mumbai central', 'kennedy bridge', 'cumballa hill', 'bhuleshwr', 'nagpda'],
  ...['hospital', 'police', 'masjid', 'g', 'ma', 'road', 'crawford mkt', 'zzqxj', 'ग्रँट रोड', 'भायखला', 'ताडदेव'],
]

const random = seededRandom(28)
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/** The word with one letter changed (words of 4 letters and more; shorter ones stay as they are). */
function changed(word: string): string {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return word
  const at = 1 + Math.floor(random() * (word.length - 1))
  return word.slice(0, at) + LETTERS[Math.floor(random() * 26)] + word.slice(at + 1)
}

/** A copy of the places `shift` degrees east, each word changed the same way everywhere in the copy. */
function copyOf(places: AreaPlace[], copy: number): AreaPlace[] {
  const words = new Map<string, string>()
  const swap = (text: string) =>
    text.replace(/\p{L}+/gu, (w) => {
      const key = w.toLowerCase()
      if (!words.has(key)) words.set(key, changed(key))
      return words.get(key) as string
    })
  return places.map((p) => ({
    ...p,
    id: `${p.id}~${copy}`,
    name: swap(p.name),
    displayName: swap(p.displayName),
    lon: p.lon + copy * 0.05,
    searchNames: p.searchNames.map((line) => (line.startsWith('#') ? `#${swap(line.slice(1))}` : swap(line))),
  }))
}

const ms = (v: number) => `${v.toFixed(2)} ms`

const dataDir = mkdtempSync(join(tmpdir(), 'wings-bench-offline-search-'))
try {
  importRegion({ dataDir, files: [EXTRACT] })
  const region = loadRegion(dataDir)
  if (!region) throw new Error('the region did not load')
  const db = openDatabase(join(dataDir, REGION_DATABASE_FILE))
  const regions = { require: () => region }
  const service = createOfflineAreaService({
    regions,
    repo: createOfflineAreaRepo(db),
    nearby: createNearbyService(regions, createNearbyRepo(db)),
    incidents: createIncidentsRepo(db),
  })
  const answer = service.bundle({ box: region.meta.bbox })
  if (answer.status !== 200) throw new Error('no bundle')
  const real = decodeAreaBundle(answer.bytes).places
  const bundles = [real]
  for (let copy = 1; bundles.flat().length < PLACES; copy++) bundles.push(copyOf(real, copy))
  const places = bundles.flat().slice(0, PLACES)

  const builds: number[] = []
  let index = createPlaceIndex(places)
  for (let i = 0; i < 10; i++) {
    const t = performance.now()
    index = createPlaceIndex(places)
    builds.push(performance.now() - t)
  }
  builds.sort((a, b) => a - b)

  const near: [number, number] = [18.9633, 72.8148]
  const times: number[] = []
  const perQuery = new Map<string, number>()
  for (let round = 0; round < ROUNDS; round++)
    for (const q of QUERIES) {
      const t = performance.now()
      searchPlaces(index, q, { near, recent: ['n0', 'w0'] })
      const took = performance.now() - t
      times.push(took)
      perQuery.set(q, Math.max(perQuery.get(q) ?? 0, took))
    }
  times.sort((a, b) => a - b)
  const slowest = [...perQuery].sort((a, b) => b[1] - a[1]).slice(0, 3)
  const [p50, p99] = [percentile(times, 0.5), percentile(times, 0.99)]

  console.log(
    `place search on the phone (searchPlaces), ${places.length} places (${real.length} of Mumbai south's bundle and ` +
      `${places.length - real.length} copies with changed words), ${index.words.length} distinct words; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  )
  console.log(
    `  index build (once per set of bundles): p50 ${ms(percentile(builds, 0.5))}, max ${ms(builds.at(-1) ?? 0)}`,
  )
  console.log(
    `  query (${QUERIES.length} queries x ${ROUNDS}): p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(times.at(-1) ?? 0)} ` +
      `(aim p99 <= ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'MISSED'}); slowest: ` +
      slowest.map(([q, t]) => `'${normalize(q)}' ${ms(t)}`).join(', '),
  )
  db.close()
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
