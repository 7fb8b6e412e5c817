/** A minimal PNG encoder (8-bit RGBA, no interlace) on node:zlib, for map tiles. */
import { deflateSync } from 'node:zlib'

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** CRC-32 (ISO 3309, as PNG chunks use), optionally continuing from a previous value. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let c = ~previous >>> 0
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8)
  return ~c >>> 0
}

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  out.set(data, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/**
 * Encodes width x height RGBA pixels (row-major, 4 bytes each) as a PNG. Each row uses the 'Up' filter (the
 * difference from the row above), which turns the long flat runs of a map into zeros deflate packs well.
 */
export function encodePng(width: number, height: number, rgba: Uint8Array, level = 6): Buffer {
  const stride = width * 4
  if (rgba.length !== stride * height)
    throw new Error(`encodePng: expected ${stride * height} bytes, got ${rgba.length}`)
  const raw = new Uint8Array((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1)
    const row = y * stride
    if (y === 0) {
      raw[o] = 0
      raw.set(rgba.subarray(0, stride), o + 1)
      continue
    }
    raw[o] = 2
    const prev = row - stride
    for (let i = 0; i < stride; i++) raw[o + 1 + i] = ((rgba[row + i] ?? 0) - (rgba[prev + i] ?? 0)) & 0xff
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // colour type RGBA
  ihdr[10] = 0 // deflate
  ihdr[11] = 0 // adaptive filtering
  ihdr[12] = 0 // no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', new Uint8Array(0)),
  ])
}
