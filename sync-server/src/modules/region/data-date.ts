/**
 * The date of an extract's OpenStreetMap data, for files whose header has no replication timestamp: the newest
 * timestamp of its objects (nodes, dense nodes, ways, relations), when the file keeps their metadata. A second read
 * of the file's blocks, decoding only the metadata (https://wiki.openstreetmap.org/wiki/PBF_Format).
 */
import { readBlobs } from '@wings/routing'
import { PbfReader } from 'pbf'

/** Seconds per unit of a block's timestamps: date_granularity is in milliseconds, 1000 by default. */
const DEFAULT_GRANULARITY_MS = 1000

/** The newest object timestamp in the file, as an ISO date, or null when no object has one. */
export function newestObjectTime(file: string): string | null {
  let newest = 0
  for (const blob of readBlobs(file)) {
    if (blob.type !== 'OSMData') continue
    const ms = newestInBlock(blob.data)
    if (ms > newest) newest = ms
  }
  return newest > 0 ? new Date(newest).toISOString() : null
}

/** Milliseconds since 1970 of the newest object of one PrimitiveBlock (0: none dated). */
function newestInBlock(data: Uint8Array): number {
  const pbf = new PbfReader(data)
  const groups: [number, number][] = []
  let granularity = DEFAULT_GRANULARITY_MS
  while (pbf.pos < pbf.length) {
    const val = pbf.readVarint()
    pbf.type = val & 7
    const tag = val >> 3
    if (tag === 2) {
      const end = pbf.readVarint() + pbf.pos
      groups.push([pbf.pos, end])
      pbf.pos = end
    } else if (tag === 18) granularity = pbf.readVarint()
    else pbf.skip(val)
  }
  let newest = 0
  const see = (stamp: number) => {
    if (stamp > newest) newest = stamp
  }
  for (const [start, end] of groups) {
    pbf.pos = start
    while (pbf.pos < end) {
      const val = pbf.readVarint()
      pbf.type = val & 7
      const tag = val >> 3
      // PrimitiveGroup: 1 nodes, 2 dense, 3 ways, 4 relations; Info is field 4 of each, DenseInfo field 5 of dense.
      if (tag === 2) eachField(pbf, 5, () => eachField(pbf, 2, () => denseTimestamps(pbf, see)))
      else if (tag === 1 || tag === 3 || tag === 4)
        eachField(pbf, 4, () => eachField(pbf, 2, () => see(pbf.readVarint())))
      else pbf.skip(val)
    }
  }
  return newest * granularity
}

/** Walks the length-delimited message at pbf.pos, calling `read` for each field `wanted` and skipping the rest. */
function eachField(pbf: PbfReader, wanted: number, read: () => void): void {
  const end = pbf.readVarint() + pbf.pos
  while (pbf.pos < end) {
    const val = pbf.readVarint()
    pbf.type = val & 7
    if (val >> 3 === wanted) read()
    else pbf.skip(val)
  }
  pbf.pos = end
}

/** DenseInfo timestamps: packed, delta-coded sint64. */
function denseTimestamps(pbf: PbfReader, see: (stamp: number) => void): void {
  if (pbf.type !== 2) {
    pbf.readSVarint()
    return
  }
  const deltas: number[] = []
  pbf.readPackedSVarint(deltas)
  let stamp = 0
  for (const d of deltas) {
    stamp += d
    see(stamp)
  }
}
