/**
 * Google's encoded polyline format (https://developers.google.com/maps/documentation/utilities/polylinealgorithm),
 * through @mapbox/polyline, the codec named by the design card. Its decoder reads malformed input as NaN points, so
 * the input is checked first: a polyline from a client is untrusted.
 */
import polyline from '@mapbox/polyline'

/** Encodes [lat, lon] pairs; precision 5 by default (1e-5 degrees, about 1 m). */
export function encodePolyline(points: readonly (readonly [number, number])[], precision = 5): string {
  return polyline.encode(points as [number, number][], precision)
}

/** Decodes an encoded polyline to [lat, lon] pairs. Throws on malformed input. */
export function decodePolyline(encoded: string, precision = 5): [number, number][] {
  checkPolyline(encoded)
  return polyline.decode(encoded, precision)
}

/** Every character is a 6-bit chunk (63..126); the string ends a value, and values come in lat/lon pairs. */
function checkPolyline(encoded: string): void {
  let values = 0
  let open = false
  for (let i = 0; i < encoded.length; i++) {
    const b = encoded.charCodeAt(i) - 63
    if (b < 0 || b > 63) throw new Error('Malformed polyline: bad character')
    open = b >= 0x20
    if (!open) values++
  }
  if (open || values % 2 !== 0) throw new Error('Malformed polyline: unexpected end')
}
