/**
 * The trained classifier: a multinomial logistic regression over hashed features (features.ts), stored compactly
 * (feature ids delta-coded, weights as 8-bit integers) so that it costs little in the chat's code. Trained at build
 * time by scripts/train.ts; this file only reads the stored model and predicts.
 */

import { features } from './features.ts'

/** One stored classifier (a head of the model), as scripts/train.ts writes it. */
export interface ModelData {
  /** The classes, in the order of the weights. */
  classes: readonly string[]
  /** The kept feature ids, in increasing order, as base64 of the varint-coded gaps between them. */
  ids: string
  /**
   * Per kept feature, a signed weight for each class but the first, relative to the first (row after row), packed
   * at `weightBits` bits each, as base64.
   */
  weights: string
  weightBits: 4 | 8
  /** A stored weight of n stands for n * scale. */
  scale: number
  /** Each class's bias but the first, relative to the first. */
  bias: readonly number[]
}

/**
 * Saathi's model, two heads over the same features: is a message danger, about safety and the app, or off topic (a
 * film, the weather); and for a danger message, which situation. Two heads, not one softmax over every class: the
 * danger head's probability answers its own question, where a sum over seventeen small situation probabilities
 * leaned towards alarm.
 */
export interface StoredModel {
  /** The SHA-256 of what the model was trained from (corpus and code), to know when to train again. */
  source: string
  danger: ModelData
  situation: ModelData
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** Signed weights of 8 bits as bytes, or of 4 bits two to a byte (the first in the low half). */
export function packWeights(values: Int8Array, bits: 4 | 8): Uint8Array {
  if (bits === 8) return new Uint8Array(values.buffer, values.byteOffset, values.length)
  const bytes = new Uint8Array(Math.ceil(values.length / 2))
  values.forEach((v, i) => {
    bytes[i >> 1] = (bytes[i >> 1] as number) | ((v & 0x0f) << ((i & 1) * 4))
  })
  return bytes
}

function unpackWeights(bytes: Uint8Array, bits: 4 | 8, count: number): Int8Array {
  if (bits === 8) return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length)
  const values = new Int8Array(count)
  for (let i = 0; i < count; i++) {
    const nibble = ((bytes[i >> 1] as number) >> ((i & 1) * 4)) & 0x0f
    values[i] = nibble >= 8 ? nibble - 16 : nibble
  }
  return values
}

/** Increasing ids as varint-coded gaps. */
export function encodeIds(ids: readonly number[]): Uint8Array {
  const out: number[] = []
  let previous = 0
  for (const id of ids) {
    let gap = id - previous
    previous = id
    while (gap >= 0x80) {
      out.push((gap & 0x7f) | 0x80)
      gap >>>= 7
    }
    out.push(gap)
  }
  return Uint8Array.from(out)
}

function decodeIds(bytes: Uint8Array): Uint32Array {
  const ids: number[] = []
  let previous = 0
  let gap = 0
  let shift = 0
  for (const byte of bytes) {
    gap |= (byte & 0x7f) << shift
    if (byte & 0x80) {
      shift += 7
      continue
    }
    previous += gap
    ids.push(previous)
    gap = 0
    shift = 0
  }
  return Uint32Array.from(ids)
}

/** The index of `id` in the sorted `ids`, or -1. */
function find(ids: Uint32Array, id: number): number {
  let lo = 0
  let hi = ids.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const value = ids[mid] as number
    if (value === id) return mid
    if (value < id) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}

/** Softmax of scores, in place. */
export function softmax(scores: Float64Array): Float64Array {
  let max = Number.NEGATIVE_INFINITY
  for (const s of scores) if (s > max) max = s
  let sum = 0
  for (let c = 0; c < scores.length; c++) {
    scores[c] = Math.exp((scores[c] as number) - max)
    sum += scores[c] as number
  }
  for (let c = 0; c < scores.length; c++) scores[c] = (scores[c] as number) / sum
  return scores
}

export class Classifier {
  readonly classes: readonly string[]
  private readonly ids: Uint32Array
  private readonly weights: Int8Array
  private readonly scale: number
  private readonly bias: readonly number[]

  constructor(data: ModelData) {
    this.classes = data.classes
    this.ids = decodeIds(fromBase64(data.ids))
    const count = this.ids.length * (this.classes.length - 1)
    this.weights = unpackWeights(fromBase64(data.weights), data.weightBits, count)
    if (this.weights.length !== count) throw new Error('model: weights do not fit ids')
    this.scale = data.scale
    this.bias = data.bias
  }

  /** The probability of each class (in `classes` order) for a message. */
  probabilities(text: string): Float64Array {
    return this.probabilitiesOf(features(text))
  }

  /** The same, for a message's features (features.ts), when several heads read one message. */
  probabilitiesOf(ids: Uint32Array): Float64Array {
    const columns = this.classes.length - 1
    // The first class scores 0: the others are stored relative to it.
    const scores = Float64Array.from([0, ...this.bias])
    // Every feature of the message weighs 1/sqrt(count), kept or not, as in training: a long message is not louder.
    const x = ids.length === 0 ? 0 : this.scale / Math.sqrt(ids.length)
    for (const id of ids) {
      const row = find(this.ids, id)
      if (row < 0) continue
      for (let c = 0; c < columns; c++)
        scores[c + 1] = (scores[c + 1] as number) + x * (this.weights[row * columns + c] as number)
    }
    return softmax(scores)
  }
}
