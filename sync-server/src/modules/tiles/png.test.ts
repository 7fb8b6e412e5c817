import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { crc32, encodePng, PNG_SIGNATURE } from './png.ts'

/** A minimal independent PNG reader: chunks, CRCs, IHDR, and IDAT unfiltered (None/Sub/Up/Average/Paeth). */
function decodePng(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([...PNG_SIGNATURE])
  let off = 8
  const chunks: { type: string; data: Buffer }[] = []
  while (off < png.length) {
    const len = png.readUInt32BE(off)
    const type = png.toString('latin1', off + 4, off + 8)
    const data = png.subarray(off + 8, off + 8 + len)
    const crc = png.readUInt32BE(off + 8 + len)
    expect(crc32(png.subarray(off + 4, off + 8 + len))).toBe(crc)
    chunks.push({ type, data })
    off += 12 + len
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
  const ihdr = chunks[0]?.data as Buffer
  const width = ihdr.readUInt32BE(0)
  const height = ihdr.readUInt32BE(4)
  expect([...ihdr.subarray(8)]).toEqual([8, 6, 0, 0, 0])
  const raw = inflateSync(chunks[1]?.data as Buffer)
  const stride = width * 4
  expect(raw.length).toBe((stride + 1) * height)
  const out = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)]
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i] as number
      const a = i >= 4 ? (out[y * stride + i - 4] as number) : 0
      const b = y > 0 ? (out[(y - 1) * stride + i] as number) : 0
      const c = i >= 4 && y > 0 ? (out[(y - 1) * stride + i - 4] as number) : 0
      let pred = 0
      if (f === 1) pred = a
      else if (f === 2) pred = b
      else if (f === 3) pred = (a + b) >> 1
      else if (f === 4) {
        const p = a + b - c
        const pa = Math.abs(p - a)
        const pb = Math.abs(p - b)
        const pc = Math.abs(p - c)
        pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      } else expect(f).toBe(0)
      out[y * stride + i] = (v + pred) & 255
    }
  }
  return { width, height, pixels: out }
}

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926)
    expect(crc32(new Uint8Array(0))).toBe(0)
    // The CRC of PNG's empty IEND chunk, as every PNG file ends with.
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082)
  })
})

describe('encodePng', () => {
  it('writes a valid 256 x 256 RGBA PNG whose pixels decode back unchanged', () => {
    const w = 256
    const h = 256
    const rgba = new Uint8Array(w * h * 4)
    let seed = 7
    for (let i = 0; i < rgba.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0
      rgba[i] = i % 1000 < 600 ? (i >> 10) & 255 : seed >>> 24
    }
    const png = encodePng(w, h, rgba)
    const back = decodePng(png)
    expect(back.width).toBe(256)
    expect(back.height).toBe(256)
    expect(Buffer.from(back.pixels).equals(Buffer.from(rgba))).toBe(true)
  })

  it('handles odd sizes and rejects a wrong buffer length', () => {
    const rgba = Uint8Array.from({ length: 3 * 2 * 4 }, (_, i) => i * 10)
    expect(Buffer.from(decodePng(encodePng(3, 2, rgba)).pixels).equals(Buffer.from(rgba))).toBe(true)
    expect(() => encodePng(3, 3, rgba)).toThrow(/expected 36 bytes/)
  })
})
