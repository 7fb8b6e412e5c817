/**
 * tiles.bin: every vector tile of the region, made once at import, in one little-endian file.
 *
 *   header (64 bytes): magic 'WTV2', version, tileCount N, maxZoom, builtAt (f64 ms), region box (4 f64, world units)
 *   u8 z[N] padded to 4, u32 x[N], u32 y[N], u32 offset[N], u32 length[N], then the tiles' bytes
 *
 * Tiles are sorted by z, x, y; tiles with nothing in them are not stored (the server answers an empty tile). The
 * directory is read at load; a tile's bytes are read from the file when asked for.
 */
import { closeSync, fstatSync, openSync, readSync, rmSync, writeSync } from 'node:fs'

export const TILES_FILE = 'tiles.bin'
const MAGIC = 0x32565457 // 'WTV2'
const VERSION = 2
const HEADER_BYTES = 64

export interface ArchiveTile {
  z: number
  x: number
  y: number
  data: Uint8Array
}

export interface ArchiveHeader {
  maxZoom: number
  builtAt: number
  /** Region box in world units (x0, y0, x1, y1). */
  region: [number, number, number, number]
}

const pad4 = (n: number) => (n + 3) & ~3

function writeAll(fd: number, bytes: Uint8Array, position?: number): void {
  let off = 0
  while (off < bytes.length)
    off += writeSync(fd, bytes, off, bytes.length - off, position === undefined ? null : position + off)
}

/**
 * Writes tiles.bin as the tiles come, in any order: their bytes go to a scratch file beside it at once and only the
 * directory stays in memory, so a metro's tiles are never all held together. finish() writes the archive (tiles in
 * z, x, y order) and removes the scratch file; close() without finish() removes it too.
 */
export class ArchiveWriter {
  private readonly scratch: string
  private readonly fd: number
  private readonly tiles: { z: number; x: number; y: number; at: number; length: number }[] = []
  private size = 0

  constructor(private readonly file: string) {
    this.scratch = `${file}.part`
    this.fd = openSync(this.scratch, 'w+')
  }

  add(tile: ArchiveTile): void {
    writeAll(this.fd, tile.data, this.size)
    this.tiles.push({ z: tile.z, x: tile.x, y: tile.y, at: this.size, length: tile.data.length })
    this.size += tile.data.length
  }

  finish(header: ArchiveHeader): void {
    const sorted = [...this.tiles].sort((a, b) => a.z - b.z || a.x - b.x || a.y - b.y)
    const n = sorted.length
    const head = Buffer.alloc(HEADER_BYTES)
    head.writeUInt32LE(MAGIC, 0)
    head.writeUInt32LE(VERSION, 4)
    head.writeUInt32LE(n, 8)
    head.writeUInt32LE(header.maxZoom, 12)
    head.writeDoubleLE(header.builtAt, 16)
    for (const [i, v] of header.region.entries()) head.writeDoubleLE(v, 24 + 8 * i)
    const z = new Uint8Array(pad4(n))
    const x = new Uint32Array(n)
    const y = new Uint32Array(n)
    const offset = new Uint32Array(n)
    const length = new Uint32Array(n)
    let at = 0
    sorted.forEach((t, i) => {
      z[i] = t.z
      x[i] = t.x
      y[i] = t.y
      offset[i] = at
      length[i] = t.length
      at += t.length
    })
    const fd = openSync(this.file, 'w')
    try {
      for (const part of [head, z, x, y, offset, length])
        writeAll(fd, new Uint8Array(part.buffer, part.byteOffset, part.byteLength))
      for (const t of sorted) {
        const bytes = Buffer.allocUnsafe(t.length)
        if (readSync(this.fd, bytes, 0, t.length, t.at) !== t.length)
          throw new TileArchiveError(`${this.scratch} is truncated`)
        writeAll(fd, bytes)
      }
    } finally {
      closeSync(fd)
    }
  }

  close(): void {
    closeSync(this.fd)
    rmSync(this.scratch, { force: true })
  }
}

/** Writes tiles.bin from tiles in any order (see ArchiveWriter). */
export function writeArchive(file: string, header: ArchiveHeader, tiles: Iterable<ArchiveTile>): void {
  const writer = new ArchiveWriter(file)
  try {
    for (const tile of tiles) writer.add(tile)
    writer.finish(header)
  } finally {
    writer.close()
  }
}

export class TileArchiveError extends Error {
  override name = 'TileArchiveError'
}

const key = (z: number, x: number, y: number) => z * 2 ** 40 + x * 2 ** 20 + y

/** An open tiles.bin: its header, which tiles it holds, and their bytes on demand. */
export class TileArchive {
  readonly header: ArchiveHeader
  private readonly index = new Map<number, number>()
  private readonly offset: Uint32Array
  private readonly length: Uint32Array
  private readonly dataStart: number
  private readonly fd: number

  constructor(file: string) {
    const fd = openSync(file, 'r')
    try {
      const size = fstatSync(fd).size
      const head = Buffer.alloc(HEADER_BYTES)
      if (size < HEADER_BYTES || readSync(fd, head, 0, HEADER_BYTES, 0) !== HEADER_BYTES)
        throw new TileArchiveError(`${file} is not a tiles.bin file`)
      if (head.readUInt32LE(0) !== MAGIC) throw new TileArchiveError(`${file} is not a tiles.bin file`)
      if (head.readUInt32LE(4) !== VERSION)
        throw new TileArchiveError(`${file}: unsupported version ${head.readUInt32LE(4)}: import the region again`)
      const n = head.readUInt32LE(8)
      this.header = {
        maxZoom: head.readUInt32LE(12),
        builtAt: head.readDoubleLE(16),
        region: [0, 1, 2, 3].map((i) => head.readDoubleLE(24 + 8 * i)) as [number, number, number, number],
      }
      const dirBytes = pad4(n) + 16 * n
      const dir = Buffer.alloc(dirBytes)
      if (readSync(fd, dir, 0, dirBytes, HEADER_BYTES) !== dirBytes)
        throw new TileArchiveError(`${file} is truncated or corrupt`)
      const u32 = (start: number) =>
        new Uint32Array(dir.buffer.slice(dir.byteOffset + start, dir.byteOffset + start + 4 * n))
      const zs = dir.subarray(0, n)
      const xs = u32(pad4(n))
      const ys = u32(pad4(n) + 4 * n)
      this.offset = u32(pad4(n) + 8 * n)
      this.length = u32(pad4(n) + 12 * n)
      this.dataStart = HEADER_BYTES + dirBytes
      const last = n - 1
      if (n > 0 && this.dataStart + (this.offset[last] as number) + (this.length[last] as number) !== size)
        throw new TileArchiveError(`${file} is truncated or corrupt`)
      for (let i = 0; i < n; i++) this.index.set(key(zs[i] as number, xs[i] as number, ys[i] as number), i)
      this.fd = fd
    } catch (error) {
      closeSync(fd)
      throw error
    }
  }

  get tileCount(): number {
    return this.index.size
  }

  /** Bytes of tile z/x/y (length 0 when it holds nothing). */
  size(z: number, x: number, y: number): number {
    const i = this.index.get(key(z, x, y))
    return i === undefined ? 0 : (this.length[i] as number)
  }

  /** Tile z/x/y, or an empty buffer when the archive holds nothing there. */
  read(z: number, x: number, y: number): Buffer {
    const i = this.index.get(key(z, x, y))
    if (i === undefined) return Buffer.alloc(0)
    const out = Buffer.allocUnsafe(this.length[i] as number)
    readSync(this.fd, out, 0, out.length, this.dataStart + (this.offset[i] as number))
    return out
  }

  close(): void {
    closeSync(this.fd)
  }
}
