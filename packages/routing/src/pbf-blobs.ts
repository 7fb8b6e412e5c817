/**
 * The frames of an OpenStreetMap PBF file (https://wiki.openstreetmap.org/wiki/PBF_Format): a sequence of
 * [int32 BE length][BlobHeader][Blob], each Blob holding a (usually zlib-compressed) HeaderBlock or PrimitiveBlock.
 * Frames are read and inflated one at a time, so the file never sits in memory at once; osm-pbf.ts decodes blocks.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { PbfReader } from 'pbf'
import { OsmPbfError } from './errors.ts'

const MAX_HEADER_SIZE = 64 * 1024
const MAX_BLOB_SIZE = 32 * 1024 * 1024

/** One frame of the file: its type and where its payload is, so a second pass can skip frames it does not need. */
export interface RawBlob {
  index: number
  type: string
  data: Uint8Array
}

/** A byte source read front to back: a file descriptor or an in-memory buffer. */
interface ByteSource {
  read(length: number): Uint8Array | null
  skip(length: number): boolean
  size: number
  close(): void
}

function fileSource(path: string): ByteSource {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (error) {
    throw new OsmPbfError(`Not an OpenStreetMap PBF file: ${path} cannot be read (${(error as Error).message})`)
  }
  const size = fstatSync(fd).size
  let pos = 0
  return {
    size,
    read(length) {
      if (pos + length > size) return null
      const buf = new Uint8Array(length)
      let done = 0
      while (done < length) {
        const n = readSync(fd, buf, done, length - done, pos + done)
        if (n <= 0) return null
        done += n
      }
      pos += length
      return buf
    },
    skip(length) {
      if (pos + length > size) return false
      pos += length
      return true
    },
    close: () => closeSync(fd),
  }
}

function bufferSource(bytes: Uint8Array): ByteSource {
  let pos = 0
  return {
    size: bytes.length,
    read(length) {
      if (pos + length > bytes.length) return null
      const out = bytes.subarray(pos, pos + length)
      pos += length
      return out
    },
    skip(length) {
      if (pos + length > bytes.length) return false
      pos += length
      return true
    },
    close() {},
  }
}

/**
 * Iterates the frames of a PBF file, inflating each payload. `want(index)` lets a later pass skip frames without
 * reading or inflating them. Throws OsmPbfError on anything that is not a well-formed PBF frame.
 */
export function* readBlobs(input: string | Uint8Array, want?: (index: number) => boolean): Generator<RawBlob> {
  const name = typeof input === 'string' ? input : 'buffer'
  const src = typeof input === 'string' ? fileSource(input) : bufferSource(input)
  const fail = (why: string): never => {
    throw new OsmPbfError(`Not an OpenStreetMap PBF file: ${name}: ${why}`)
  }
  try {
    if (src.size === 0) fail('the file is empty')
    let index = 0
    for (;;) {
      const lenBytes = src.read(4)
      if (lenBytes === null) break
      const headerLength = new DataView(lenBytes.buffer, lenBytes.byteOffset, 4).getUint32(0)
      if (headerLength === 0 || headerLength > MAX_HEADER_SIZE) fail(`bad blob header length ${headerLength}`)
      const headerBytes = src.read(headerLength)
      if (headerBytes === null) fail('truncated blob header')
      const header = decodeBlobHeader(headerBytes as Uint8Array, fail)
      if (index === 0 && header.type !== 'OSMHeader') fail('the first block is not an OSMHeader')
      if (header.dataSize > MAX_BLOB_SIZE) fail(`blob too large (${header.dataSize} bytes)`)
      if (want && !want(index)) {
        if (!src.skip(header.dataSize)) fail('truncated blob')
      } else {
        const blobBytes = src.read(header.dataSize)
        if (blobBytes === null) fail('truncated blob')
        yield { index, type: header.type, data: decodeBlob(blobBytes as Uint8Array, fail) }
      }
      index++
    }
    if (index === 0) fail('no blocks')
  } finally {
    src.close()
  }
}

function decodeBlobHeader(bytes: Uint8Array, fail: (why: string) => never): { type: string; dataSize: number } {
  const out = { type: '', dataSize: -1 }
  try {
    new PbfReader(bytes).readFields((tag, o, pbf) => {
      if (tag === 1) o.type = pbf.readString()
      else if (tag === 3) o.dataSize = pbf.readVarint()
    }, out)
  } catch {
    fail('unreadable blob header')
  }
  if (out.type !== 'OSMHeader' && out.type !== 'OSMData')
    fail(`unknown block type ${JSON.stringify(out.type.slice(0, 40))}`)
  if (!(out.dataSize >= 0)) fail('blob header without a size')
  return out
}

function decodeBlob(bytes: Uint8Array, fail: (why: string) => never): Uint8Array {
  let raw: Uint8Array | undefined
  let zlib: Uint8Array | undefined
  let rawSize = -1
  let other = 0
  try {
    const pbf = new PbfReader(bytes)
    while (pbf.pos < pbf.length) {
      const val = pbf.readVarint()
      const tag = val >> 3
      pbf.type = val & 7
      if (tag === 1) raw = pbf.readBytes()
      else if (tag === 2) rawSize = pbf.readVarint()
      else if (tag === 3) zlib = pbf.readBytes()
      else {
        if (tag >= 4 && tag <= 7) other = tag
        pbf.skip(val)
      }
    }
  } catch {
    fail('unreadable blob')
  }
  if (raw) return raw
  if (zlib) {
    try {
      const out = inflateSync(zlib, rawSize > 0 ? { maxOutputLength: Math.max(rawSize, 1) } : undefined)
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength)
    } catch {
      fail('corrupt compressed block')
    }
  }
  if (other) fail(`unsupported block compression (${['lzma', 'bzip2', 'lz4', 'zstd'][other - 4]}); re-encode with zlib`)
  return fail('empty blob')
}
