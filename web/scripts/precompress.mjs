// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the built PWA, once at build time, so
// the server sends a phone on a weak signal about a quarter of the bytes without compressing on each request.
// Run after `vite build` (the service worker's precache list is made by then and names only the originals).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = process.env.WEB_OUT_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/
// Below this a compressed copy saves less than a packet.
const MIN_BYTES = 1024

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.name.startsWith('.')) continue
    if (entry.isDirectory()) yield* files(path)
    else if (TEXT.test(entry.name) && statSync(path).size >= MIN_BYTES) yield path
  }
}

let before = 0
let after = 0
for (const file of files(dist)) {
  const body = readFileSync(file)
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })
  writeFileSync(`${file}.br`, br)
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  before += body.length
  after += br.length
}
console.log(`precompressed: ${(before / 1024).toFixed(0)} KiB of text -> ${(after / 1024).toFixed(0)} KiB with Brotli`)
