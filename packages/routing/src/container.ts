/**
 * The region files' container (graph.bin, landmarks.bin): an 8-byte magic, a uint32 length, a JSON header, then typed
 * arrays each 8-byte aligned, which a reader views in place (no copy when the bytes are aligned).
 */
const align8 = (n: number) => (n + 7) & ~7

type Packable = ArrayBufferView & { length: number }
interface ArrayType<T> {
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T
  readonly BYTES_PER_ELEMENT: number
}

/** Writes a container: place() each array (its [offset, length] goes in the header), then finish() with the header. */
export function packer(magic: string) {
  const parts: { bytes: Uint8Array; at: number }[] = []
  let offset = 0
  return {
    place(arr: Packable): [number, number] {
      const at = offset
      parts.push({ bytes: new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength), at })
      offset = align8(offset + arr.byteLength)
      return [at, arr.length]
    },
    finish(header: unknown): Uint8Array {
      const json = new TextEncoder().encode(JSON.stringify(header))
      const dataStart = align8(12 + json.length)
      const out = new Uint8Array(dataStart + offset)
      out.set(new TextEncoder().encode(magic), 0)
      new DataView(out.buffer).setUint32(8, json.length, true)
      out.set(json, 12)
      for (const { bytes, at } of parts) out.set(bytes, dataStart + at)
      return out
    },
  }
}

/** Reads a container; throws 'Not a Wings <what> file' or 'Truncated Wings <what> file'. */
export function unpack(bytes: Uint8Array, magic: string, what: string) {
  if (bytes.length < 12 || new TextDecoder().decode(bytes.subarray(0, 8)) !== magic) {
    throw new Error(`Not a Wings ${what} file`)
  }
  // Typed array views need aligned offsets: copy once if the input is not 8-byte aligned.
  const buf = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice()
  const headerLength = new DataView(buf.buffer, buf.byteOffset, 12).getUint32(8, true)
  if (12 + headerLength > buf.length) throw new Error(`Truncated Wings ${what} file`)
  const header = JSON.parse(new TextDecoder().decode(buf.subarray(12, 12 + headerLength)))
  const dataStart = buf.byteOffset + align8(12 + headerLength)
  return {
    header,
    /** The array placed at [offset, length], as a view on the bytes. */
    view<T>(Type: ArrayType<T>, [offset, length]: [number, number]): T {
      const start = dataStart + offset
      if (start + length * Type.BYTES_PER_ELEMENT > buf.byteOffset + buf.length) {
        throw new Error(`Truncated Wings ${what} file`)
      }
      return new Type(buf.buffer as ArrayBuffer, start, length)
    },
  }
}
