// Draws the Wings logo (a shield with two wings) as SVG and as PNG icons, with Node built-ins only.
// Run: node scripts/make-icons.mjs  (writes public/ and src/assets/logo.svg)
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const BRAND = [0x6a, 0x1b, 0x9a]
const WHITE = [255, 255, 255]

// ---- geometry in a 512 x 512 box -------------------------------------------------------------
function quad(p0, p1, p2, steps = 16) {
  const out = []
  for (let i = 1; i <= steps; i++) {
    const t = i / steps
    const a = (1 - t) * (1 - t)
    const b = 2 * (1 - t) * t
    const c = t * t
    out.push([a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]])
  }
  return out
}
function shield() {
  const pts = [
    [256, 116],
    [344, 148],
    [344, 262],
  ]
  pts.push(...quad([344, 262], [340, 352], [256, 404]))
  pts.push(...quad([256, 404], [172, 352], [168, 262]))
  pts.push([168, 148])
  return pts
}
function feather(cx, cy, rx, ry, deg, steps = 40) {
  const r = (deg * Math.PI) / 180
  const out = []
  for (let i = 0; i < steps; i++) {
    const t = (i / steps) * Math.PI * 2
    const x = rx * Math.cos(t)
    const y = ry * Math.sin(t)
    out.push([cx + x * Math.cos(r) - y * Math.sin(r), cy + x * Math.sin(r) + y * Math.cos(r)])
  }
  return out
}
function wings() {
  const left = [feather(150, 214, 84, 20, 28), feather(160, 258, 72, 18, 14), feather(172, 298, 58, 16, 0)]
  const right = left.map((poly) => poly.map(([x, y]) => [512 - x, y]))
  return [...left, ...right]
}
const shapes = [...wings(), shield()]
// Purple heart-like keyhole inside the shield so the mark reads as a shield.
const inner = [
  feather(256, 236, 26, 26, 0),
  [
    [240, 250],
    [272, 250],
    [284, 330],
    [228, 330],
  ],
]

// ---- SVG -------------------------------------------------------------------------------------
const poly = (p) => p.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')
function svg({ background }) {
  const bg = background ? '<rect width="512" height="512" rx="112" fill="#6a1b9a"/>' : ''
  const fg = background ? '#ffffff' : '#6a1b9a'
  const hole = background ? '#6a1b9a' : '#ffffff'
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img" aria-label="Wings">',
    bg,
    `<g fill="${fg}">${shapes.map((s) => `<polygon points="${poly(s)}"/>`).join('')}</g>`,
    `<g fill="${hole}">${inner.map((s) => `<polygon points="${poly(s)}"/>`).join('')}</g>`,
    '</svg>',
    '',
  ].join('')
}

// ---- raster ----------------------------------------------------------------------------------
function inside(poly, x, y) {
  let hit = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]
    const [xj, yj] = poly[j]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit
  }
  return hit
}
/**
 * A 512-unit design drawn at `size` px, 4 x 4 samples a pixel, on a tile with corners of `radius` units (0: square):
 * `colourAt(X, Y)` gives the colour at a point of the design.
 */
function paint(size, radius, colourAt) {
  const px = new Uint8Array(size * size * 4)
  const ss = 4
  for (let py = 0; py < size; py++) {
    for (let pxl = 0; pxl < size; pxl++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const X = ((pxl + (sx + 0.5) / ss) / size) * 512
          const Y = ((py + (sy + 0.5) / ss) / size) * 512
          // rounded background
          const dx = Math.max(radius - X, 0, X - (512 - radius))
          const dy = Math.max(radius - Y, 0, Y - (512 - radius))
          if (radius && dx * dx + dy * dy > radius * radius) continue
          const col = colourAt(X, Y)
          r += col[0]
          g += col[1]
          b += col[2]
          a += 255
        }
      }
      const o = (py * size + pxl) * 4
      const cover = a / 255
      px[o] = cover ? Math.round(r / cover) : 0
      px[o + 1] = cover ? Math.round(g / cover) : 0
      px[o + 2] = cover ? Math.round(b / cover) : 0
      px[o + 3] = Math.round(a / (ss * ss))
    }
  }
  return png(size, size, px)
}
function render(size, { maskable }) {
  const scale = maskable ? 0.78 : 1
  return paint(size, maskable ? 0 : 112, (X, Y) => {
    const cx = (X - 256) / scale + 256
    const cy = (Y - 256) / scale + 256
    let col = BRAND
    if (shapes.some((s) => inside(s, cx, cy))) col = WHITE
    if (inner.some((s) => inside(s, cx, cy))) col = BRAND
    return col
  })
}

// ---- shortcut icons (a long press on the home-screen icon): one plain white sign on a coloured tile ------------------
const RED = [0xb3, 0x26, 0x1e]
function circle(cx, cy, r, steps = 48) {
  return feather(cx, cy, r, r, 0, steps)
}
function rect(x0, y0, x1, y1) {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ]
}
/** A band of a ring from angle a0 to a1 (degrees, clockwise from 3 o'clock). */
function arc(cx, cy, r0, r1, a0, a1, steps = 32) {
  const at = (r, deg) => [cx + r * Math.cos((deg * Math.PI) / 180), cy + r * Math.sin((deg * Math.PI) / 180)]
  const outer = Array.from({ length: steps + 1 }, (_, i) => at(r1, a0 + ((a1 - a0) * i) / steps))
  const inner = Array.from({ length: steps + 1 }, (_, i) => at(r0, a1 - ((a1 - a0) * i) / steps))
  return [...outer, ...inner]
}
/** Each sign: the tile's colour, and its layers in order (a later layer paints over an earlier one). */
const SIGNS = {
  // An exclamation mark: SOS.
  sos: { tile: RED, layers: [[WHITE, [rect(226, 120, 286, 312), circle(256, 372, 32)]]] },
  // A phone's handset: a thick arc with an ear piece and a mouth piece.
  call: {
    tile: RED,
    layers: [[WHITE, [arc(318, 194, 108, 184, 92, 178), circle(172, 203, 58), circle(313, 340, 58)]]],
  },
  // A clock face at a quarter past: the check-in timer.
  'check-in': {
    tile: BRAND,
    layers: [
      [WHITE, [circle(256, 256, 150)]],
      [BRAND, [circle(256, 256, 118)]],
      [WHITE, [rect(240, 162, 272, 272), rect(240, 240, 346, 272)]],
    ],
  },
  // A list: the helplines.
  helplines: {
    tile: BRAND,
    layers: [[WHITE, [156, 256, 356].flatMap((y) => [circle(156, y, 26), rect(210, y - 20, 380, y + 20)])]],
  },
}
function renderSign(size, { tile, layers }) {
  return paint(size, 112, (X, Y) => {
    let col = tile
    for (const [colour, polys] of layers) if (polys.some((p) => inside(p, X, Y))) col = colour
    return col
  })
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf) {
  let c = 0xffffffff
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}
function png(w, h, rgba) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h)
  for (let y = 0; y < h; y++) {
    raw[y * (w * 4 + 1)] = 0
    Buffer.from(rgba.buffer, y * w * 4, w * 4).copy(raw, y * (w * 4 + 1) + 1)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function write(rel, data) {
  const file = join(root, rel)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, data)
  console.log('wrote', rel)
}
write('public/favicon.svg', svg({ background: true }))
write('src/assets/logo.svg', svg({ background: true }))
write('public/icons/icon-192.png', render(192, { maskable: false }))
write('public/icons/icon-512.png', render(512, { maskable: false }))
write('public/icons/icon-maskable-512.png', render(512, { maskable: true }))
write('public/apple-touch-icon.png', render(180, { maskable: true }))
for (const [name, sign] of Object.entries(SIGNS)) write(`public/icons/shortcut-${name}-96.png`, renderSign(96, sign))
