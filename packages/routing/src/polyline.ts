/** Google encoded polyline (https://developers.google.com/maps/documentation/utilities/polylinealgorithm). */

/** Encodes [lat, lon] pairs; precision 5 by default (1e-5 degrees, about 1 m). */
export function encodePolyline(points: readonly (readonly [number, number])[], precision = 5): string {
  const factor = 10 ** precision
  let out = ''
  let prevLat = 0
  let prevLon = 0
  for (const [lat, lon] of points) {
    const ilat = Math.round(lat * factor)
    const ilon = Math.round(lon * factor)
    out += encodeValue(ilat - prevLat) + encodeValue(ilon - prevLon)
    prevLat = ilat
    prevLon = ilon
  }
  return out
}

function encodeValue(v: number): string {
  let n = v < 0 ? -2 * v - 1 : 2 * v
  let s = ''
  while (n >= 0x20) {
    s += String.fromCharCode((0x20 | (n & 0x1f)) + 63)
    n = Math.floor(n / 32)
  }
  return s + String.fromCharCode(n + 63)
}

/** Decodes an encoded polyline to [lat, lon] pairs. Throws on malformed input. */
export function decodePolyline(encoded: string, precision = 5): [number, number][] {
  const factor = 10 ** precision
  const points: [number, number][] = []
  let i = 0
  let lat = 0
  let lon = 0
  const next = (): number => {
    let result = 0
    let shift = 1
    for (;;) {
      if (i >= encoded.length) throw new Error('Malformed polyline: unexpected end')
      const b = encoded.charCodeAt(i++) - 63
      if (b < 0 || b > 63) throw new Error('Malformed polyline: bad character')
      result += (b & 0x1f) * shift
      shift *= 32
      if (b < 0x20) break
    }
    return result % 2 === 1 ? -(result + 1) / 2 : result / 2
  }
  while (i < encoded.length) {
    lat += next()
    lon += next()
    points.push([lat / factor, lon / factor])
  }
  return points
}
