import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  type ArchiveHeader,
  type ArchiveTile,
  ArchiveWriter,
  TileArchive,
  TileArchiveError,
  writeArchive,
} from './tile-archive.ts'

const HEADER: ArchiveHeader = { maxZoom: 15, builtAt: 1_700_000_000_000, region: [0.1, 0.2, 0.3, 0.4] }
const tile = (z: number, x: number, y: number, ...bytes: number[]): ArchiveTile => ({
  z,
  x,
  y,
  data: Uint8Array.from(bytes),
})

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wings-tile-archive-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('writeArchive', () => {
  it('writes tiles given in any order, sorted by z, x, y, each readable by its name', () => {
    const file = join(dir, 'tiles.bin')
    writeArchive(file, HEADER, [tile(15, 3, 1, 9, 9, 9), tile(0, 0, 0, 1), tile(15, 2, 7, 5, 6), tile(14, 9, 9, 4)])
    const archive = new TileArchive(file)
    try {
      expect(archive.header).toEqual(HEADER)
      expect(archive.tileCount).toBe(4)
      expect([...archive.read(15, 3, 1)]).toEqual([9, 9, 9])
      expect([...archive.read(15, 2, 7)]).toEqual([5, 6])
      expect(archive.size(14, 9, 9)).toBe(1)
      expect(archive.read(15, 9, 9).length).toBe(0)
    } finally {
      archive.close()
    }
    // The tiles' bytes follow the directory in z, x, y order (as the file's comment says).
    expect([...readFileSync(file).subarray(-7)]).toEqual([1, 4, 5, 6, 9, 9, 9])
    expect(readdirSync(dir)).toEqual(['tiles.bin'])
  })

  it('takes the tiles as they are made (a generator) and writes each before the next is made', () => {
    const file = join(dir, 'tiles.bin')
    let made = 0
    function* tiles() {
      for (let y = 0; y < 50; y++) {
        // Every tile handed out so far is on disk already (2 bytes each), in the scratch file beside tiles.bin.
        expect(statSync(`${file}.part`).size).toBe(2 * made)
        made++
        yield tile(15, 1, 49 - y, y, y)
      }
    }
    writeArchive(file, HEADER, tiles())
    expect(made).toBe(50)
    const archive = new TileArchive(file)
    expect([...archive.read(15, 1, 0)]).toEqual([49, 49])
    archive.close()
  })

  it('writes an archive without tiles', () => {
    const file = join(dir, 'tiles.bin')
    writeArchive(file, HEADER, [])
    const archive = new TileArchive(file)
    expect(archive.tileCount).toBe(0)
    archive.close()
  })

  it('leaves no file behind when making the tiles fails', () => {
    const file = join(dir, 'tiles.bin')
    function* failing() {
      yield tile(1, 0, 0, 1)
      throw new Error('cannot cut this tile')
    }
    expect(() => writeArchive(file, HEADER, failing())).toThrow('cannot cut this tile')
    expect(readdirSync(dir)).toEqual([])
  })

  it('removes its scratch file when closed without finishing', () => {
    const file = join(dir, 'tiles.bin')
    const writer = new ArchiveWriter(file)
    writer.add(tile(3, 1, 1, 7))
    expect(readdirSync(dir)).toHaveLength(1)
    writer.close()
    expect(existsSync(file)).toBe(false)
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a foreign or truncated file', () => {
    const file = join(dir, 'tiles.bin')
    writeFileSync(file, 'not tiles')
    expect(() => new TileArchive(file)).toThrow(TileArchiveError)
    writeArchive(file, HEADER, [tile(2, 1, 1, 1, 2, 3)])
    writeFileSync(file, readFileSync(file).subarray(0, -1))
    expect(() => new TileArchive(file)).toThrow(/truncated or corrupt/)
  })
})
