/**
 * tiles.bin: what the tile renderer draws, in world coordinates (Web Mercator 0..1 scaled to 0..2^32-1), in one
 * little-endian file that is loaded as typed-array views without parsing.
 *
 *   header (72 bytes): magic 'WTL1', version, featureCount F, partCount P, pointCount N, gridZ, gridX0, gridY0,
 *     gridW, gridH, cellItemCount K, 0, builtAt (f64 ms), region box (4 u32 world x0, y0, x1, y1)
 *   u32 featureBox[4F] (x0, y0, x1, y1), u32 partStart[F+1], u32 pointStart[P+1], u32 px[N], u32 py[N],
 *   u32 cellStart[gridW*gridH+1], u32 cellItems[K], u8 kind[F], u8 minZoom[F]
 *
 * Features are stored in drawing order (green, water, buildings, then roads from minor to major), so a renderer
 * draws a tile's features in ascending index. A feature has parts (polygon rings, or one road polyline); each part
 * has points. The grid holds, for every gridZ tile over the region, the features whose box touches it.
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs'

export const TILES_FILE = 'tiles.bin'
const MAGIC = 0x314c5457 // 'WTL1'
const VERSION = 1
const HEADER_BYTES = 72
export const WORLD = 4294967296 // 2^32
export const GRID_ZOOM = 16

export interface TileData {
  featureCount: number
  builtAt: number
  /** World box of the region (u32 units). */
  region: [number, number, number, number]
  featureBox: Uint32Array
  partStart: Uint32Array
  pointStart: Uint32Array
  px: Uint32Array
  py: Uint32Array
  gridZ: number
  gridX0: number
  gridY0: number
  gridW: number
  gridH: number
  cellStart: Uint32Array
  cellItems: Uint32Array
  kind: Uint8Array
  minZoom: Uint8Array
}

/** One feature to store: rings or a polyline as flat world [x, y, ...] arrays (0..1). */
export interface FeatureInput {
  kind: number
  minZoom: number
  /** Draw order: lower first. */
  order: number
  parts: Float64Array[]
}

export function toWorldInt(v: number): number {
  return Math.min(WORLD - 1, Math.max(0, Math.floor(v * WORLD)))
}

/** Packs features (sorted here by `order`, stable) and the region box (world 0..1) into a TileData. */
export function packTileData(
  input: FeatureInput[],
  regionBox: [number, number, number, number],
  builtAt: number,
): TileData {
  const features = input
    .map((f, i) => ({ f, i }))
    .sort((a, b) => a.f.order - b.f.order || a.i - b.i)
    .map((x) => x.f)
  const F = features.length
  let P = 0
  let N = 0
  for (const f of features) {
    P += f.parts.length
    for (const p of f.parts) N += p.length / 2
  }
  const featureBox = new Uint32Array(4 * F)
  const partStart = new Uint32Array(F + 1)
  const pointStart = new Uint32Array(P + 1)
  const px = new Uint32Array(N)
  const py = new Uint32Array(N)
  const kind = new Uint8Array(F)
  const minZoom = new Uint8Array(F)
  let p = 0
  let n = 0
  for (let i = 0; i < F; i++) {
    const f = features[i] as FeatureInput
    kind[i] = f.kind
    minZoom[i] = f.minZoom
    partStart[i] = p
    let x0 = WORLD - 1
    let y0 = WORLD - 1
    let x1 = 0
    let y1 = 0
    for (const part of f.parts) {
      pointStart[p++] = n
      for (let k = 0; k + 1 < part.length; k += 2) {
        const x = toWorldInt(part[k] as number)
        const y = toWorldInt(part[k + 1] as number)
        px[n] = x
        py[n] = y
        n++
        if (x < x0) x0 = x
        if (y < y0) y0 = y
        if (x > x1) x1 = x
        if (y > y1) y1 = y
      }
    }
    featureBox.set([x0, y0, x1, y1], 4 * i)
  }
  partStart[F] = p
  pointStart[P] = n

  // Grid over the region at GRID_ZOOM (cells = tiles of that zoom), clamped to a sane size.
  const region: [number, number, number, number] = [
    toWorldInt(regionBox[0]),
    toWorldInt(regionBox[1]),
    toWorldInt(regionBox[2]),
    toWorldInt(regionBox[3]),
  ]
  let gridZ = GRID_ZOOM
  const cellOf = (v: number, z: number) => Math.floor(v / 2 ** (32 - z))
  while (
    gridZ > 8 &&
    (cellOf(region[2], gridZ) - cellOf(region[0], gridZ) + 1) *
      (cellOf(region[3], gridZ) - cellOf(region[1], gridZ) + 1) >
      1 << 16
  )
    gridZ--
  const gridX0 = cellOf(region[0], gridZ)
  const gridY0 = cellOf(region[1], gridZ)
  const gridW = cellOf(region[2], gridZ) - gridX0 + 1
  const gridH = cellOf(region[3], gridZ) - gridY0 + 1
  const cells = gridW * gridH
  const counts = new Uint32Array(cells + 1)
  const eachCell = (i: number, visit: (c: number) => void) => {
    const cx0 = Math.max(0, cellOf(featureBox[4 * i] as number, gridZ) - gridX0)
    const cy0 = Math.max(0, cellOf(featureBox[4 * i + 1] as number, gridZ) - gridY0)
    const cx1 = Math.min(gridW - 1, cellOf(featureBox[4 * i + 2] as number, gridZ) - gridX0)
    const cy1 = Math.min(gridH - 1, cellOf(featureBox[4 * i + 3] as number, gridZ) - gridY0)
    for (let cy = cy0; cy <= cy1; cy++) for (let cx = cx0; cx <= cx1; cx++) visit(cy * gridW + cx)
  }
  for (let i = 0; i < F; i++) eachCell(i, (c) => (counts[c + 1] = (counts[c + 1] as number) + 1))
  for (let c = 0; c < cells; c++) counts[c + 1] = (counts[c + 1] as number) + (counts[c] as number)
  const cellStart = counts
  const cellItems = new Uint32Array(cellStart[cells] as number)
  const fillAt = cellStart.slice(0, cells)
  for (let i = 0; i < F; i++)
    eachCell(i, (c) => {
      cellItems[fillAt[c] as number] = i
      fillAt[c] = (fillAt[c] as number) + 1
    })
  return {
    featureCount: F,
    builtAt,
    region,
    featureBox,
    partStart,
    pointStart,
    px,
    py,
    gridZ,
    gridX0,
    gridY0,
    gridW,
    gridH,
    cellStart,
    cellItems,
    kind,
    minZoom,
  }
}

export function writeTileData(file: string, d: TileData): void {
  const header = Buffer.alloc(HEADER_BYTES)
  const u32 = [
    MAGIC,
    VERSION,
    d.featureCount,
    d.pointStart.length - 1,
    d.px.length,
    d.gridZ,
    d.gridX0,
    d.gridY0,
    d.gridW,
    d.gridH,
    d.cellItems.length,
    0,
  ]
  for (const [i, v] of u32.entries()) header.writeUInt32LE(v, 4 * i)
  header.writeDoubleLE(d.builtAt, 48)
  for (const [i, v] of d.region.entries()) header.writeUInt32LE(v, 56 + 4 * i)
  const fd = openSync(file, 'w')
  try {
    for (const a of [
      header,
      d.featureBox,
      d.partStart,
      d.pointStart,
      d.px,
      d.py,
      d.cellStart,
      d.cellItems,
      d.kind,
      d.minZoom,
    ]) {
      const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength)
      let off = 0
      while (off < bytes.length) off += writeSync(fd, bytes, off)
    }
  } finally {
    closeSync(fd)
  }
}

export class TileDataError extends Error {
  override name = 'TileDataError'
}

export function readTileData(file: string): TileData {
  const raw = readFileSync(file)
  // Typed-array views need 4-byte alignment; a small file may sit at any offset of Node's buffer pool.
  const buf = raw.byteOffset % 4 === 0 ? raw : Buffer.from(new Uint8Array(raw))
  if (buf.length < HEADER_BYTES || buf.readUInt32LE(0) !== MAGIC)
    throw new TileDataError(`${file} is not a tiles.bin file`)
  if (buf.readUInt32LE(4) !== VERSION) throw new TileDataError(`${file}: unsupported version ${buf.readUInt32LE(4)}`)
  const h = (i: number) => buf.readUInt32LE(4 * i)
  const F = h(2)
  const P = h(3)
  const N = h(4)
  const gridW = h(8)
  const gridH = h(9)
  const K = h(10)
  let off = buf.byteOffset + HEADER_BYTES
  const u32 = (count: number) => {
    const a = new Uint32Array(buf.buffer, off, count)
    off += count * 4
    return a
  }
  const u8 = (count: number) => {
    const a = new Uint8Array(buf.buffer, off, count)
    off += count
    return a
  }
  const expected = HEADER_BYTES + 4 * (4 * F + F + 1 + P + 1 + 2 * N + gridW * gridH + 1 + K) + 2 * F
  if (buf.length !== expected) throw new TileDataError(`${file} is truncated or corrupt`)
  return {
    featureCount: F,
    builtAt: buf.readDoubleLE(48),
    region: [h(14), h(15), h(16), h(17)],
    gridZ: h(5),
    gridX0: h(6),
    gridY0: h(7),
    gridW,
    gridH,
    featureBox: u32(4 * F),
    partStart: u32(F + 1),
    pointStart: u32(P + 1),
    px: u32(N),
    py: u32(N),
    cellStart: u32(gridW * gridH + 1),
    cellItems: u32(K),
    kind: u8(F),
    minZoom: u8(F),
  }
}
