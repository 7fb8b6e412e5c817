/**
 * Training the classifier (model.ts): multinomial logistic regression over the hashed features of features.ts, by
 * stochastic gradient descent with AdaGrad steps and L2 regularisation, then pruned to the features that weigh
 * most and quantized to one signed byte per weight. Deterministic: the same corpus gives the same model.
 */

import { classOf, isSituation, type Kind, SITUATIONS } from '../situations.ts'
import { features, fnv1a } from './features.ts'
import { encodeIds, type ModelData, packWeights, type StoredModel, softmax, toBase64 } from './model.ts'

export interface Example {
  text: string
  label: string
}

export interface TrainOptions {
  epochs: number
  /** AdaGrad's base step. */
  learningRate: number
  /** L2 regularisation, per step on the weights a message touches. */
  l2: number
  /** A feature is learnt only when this many messages have it. */
  minCount: number
  /** The model keeps at most this many features (the ones with the largest weights). */
  maxFeatures: number
  /** How much rarer classes count more: 0 not at all, 1 inversely to their size. */
  balance: number
  /** Stored weights smaller than this (in steps of the scale) are stored as 0, which compresses well. */
  minWeight: number
  /** Bits of a stored weight: 8 or 4. */
  weightBits: 4 | 8
  /** After keeping the strongest maxFeatures, train again on them alone (or keep their weights as they are). */
  retrain: boolean
}

export const DEFAULT_OPTIONS: TrainOptions = {
  epochs: 30,
  learningRate: 0.5,
  l2: 1e-4,
  minCount: 2,
  maxFeatures: 24_000,
  balance: 0,
  minWeight: 0,
  weightBits: 8,
  retrain: true,
}

interface Encoded {
  /** Indices into the vocabulary. */
  rows: Int32Array
  /** Each feature's value: 1/sqrt(all the message's features). */
  x: number
  label: number
}

function encode(
  examples: readonly Example[],
  classes: readonly string[],
  minCount: number,
): {
  vocabulary: number[]
  encoded: Encoded[]
} {
  const hashed = examples.map((e) => features(e.text))
  const counts = new Map<number, number>()
  for (const ids of hashed) for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1)
  const vocabulary = [...counts].filter(([, n]) => n >= minCount).map(([id]) => id)
  const index = new Map(vocabulary.map((id, i) => [id, i]))
  const encoded = examples.map((example, i) => {
    const ids = hashed[i] as Uint32Array
    const label = classes.indexOf(example.label)
    if (label < 0) throw new Error(`unknown class "${example.label}" for "${example.text}"`)
    const rows = Int32Array.from([...ids].map((id) => index.get(id) ?? -1).filter((row) => row >= 0))
    return { rows, x: ids.length === 0 ? 0 : 1 / Math.sqrt(ids.length), label }
  })
  return { vocabulary, encoded }
}

interface Fitted {
  weights: Float64Array
  bias: Float64Array
}

/** Gradient descent over the encoded messages, for `features` features and `n` classes. */
function descend(encoded: readonly Encoded[], features: number, n: number, options: TrainOptions): Fitted {
  const weights = new Float64Array(features * n)
  const squares = new Float64Array(features * n).fill(1e-8)
  const bias = new Float64Array(n)
  const biasSquares = new Float64Array(n).fill(1e-8)
  // Rare classes may count more, so that a situation with few examples is not drowned by the others.
  const perClass = new Array<number>(n).fill(0)
  for (const e of encoded) perClass[e.label] = (perClass[e.label] as number) + 1
  const classWeight = perClass.map((count) => (count === 0 ? 0 : (encoded.length / (n * count)) ** options.balance))
  const gradient = new Float64Array(n)
  const { learningRate: rate, l2 } = options

  for (let epoch = 0; epoch < options.epochs; epoch++) {
    // A shuffle without a random generator: each epoch orders the messages by a hash of their place and the epoch.
    const order = encoded.map((_, i) => i).sort((a, b) => fnv1a(`${epoch}:${a}`) - fnv1a(`${epoch}:${b}`))
    for (const i of order) {
      const { rows, x, label } = encoded[i] as Encoded
      const scores = Float64Array.from(bias)
      for (const row of rows)
        for (let c = 0; c < n; c++) scores[c] = (scores[c] as number) + x * (weights[row * n + c] as number)
      const p = softmax(scores)
      const w = classWeight[label] as number
      for (let c = 0; c < n; c++) gradient[c] = w * ((p[c] as number) - (c === label ? 1 : 0))
      for (let c = 0; c < n; c++) {
        const g = gradient[c] as number
        biasSquares[c] = (biasSquares[c] as number) + g * g
        bias[c] = (bias[c] as number) - (rate * g) / Math.sqrt(biasSquares[c] as number)
      }
      for (const row of rows) {
        for (let c = 0; c < n; c++) {
          const k = row * n + c
          const g = (gradient[c] as number) * x + l2 * (weights[k] as number)
          squares[k] = (squares[k] as number) + g * g
          weights[k] = (weights[k] as number) - (rate * g) / Math.sqrt(squares[k] as number)
        }
      }
    }
  }
  return { weights, bias }
}

/** Each feature's strength: its largest weight, whatever the class. */
function strengths({ weights }: Fitted, features: number, n: number): Float64Array {
  const out = new Float64Array(features)
  for (let row = 0; row < features; row++)
    for (let c = 0; c < n; c++) out[row] = Math.max(out[row] as number, Math.abs(weights[row * n + c] as number))
  return out
}

/**
 * Trains a model of `classes` on `examples` (every label must be one of the classes). When there are more features
 * than the model may keep, the strongest are kept and the model is trained again on them alone, so that what the
 * dropped features carried moves onto the kept ones (pruning without retraining lost a third of the situations).
 */
export function train(
  examples: readonly Example[],
  classes: readonly string[],
  options: TrainOptions = DEFAULT_OPTIONS,
): ModelData {
  const n = classes.length
  let { vocabulary, encoded } = encode(examples, classes, options.minCount)
  let fitted = descend(encoded, vocabulary.length, n, options)
  if (options.retrain && vocabulary.length > options.maxFeatures) {
    const strength = strengths(fitted, vocabulary.length, n)
    const kept = vocabulary
      .map((_, row) => row)
      .sort((a, b) => (strength[b] as number) - (strength[a] as number))
      .slice(0, options.maxFeatures)
      .sort((a, b) => a - b)
    const newRow = new Int32Array(vocabulary.length).fill(-1)
    kept.forEach((row, i) => {
      newRow[row] = i
    })
    vocabulary = kept.map((row) => vocabulary[row] as number)
    encoded = encoded.map((e) => ({
      ...e,
      rows: e.rows.map((row) => newRow[row] as number).filter((row) => row >= 0),
    }))
    fitted = descend(encoded, vocabulary.length, n, options)
  }
  return compact(vocabulary, fitted.weights, fitted.bias, classes, options)
}

/**
 * Keeps the features that weigh most, quantizes their weights, and stores them by increasing id. Softmax does not
 * change when one number is taken from every class's weight of a feature, so the first class's weights are taken
 * from the others and not stored: n - 1 columns.
 */
function compact(
  vocabulary: readonly number[],
  weights: Float64Array,
  bias: Float64Array,
  classes: readonly string[],
  { maxFeatures, minWeight, weightBits }: TrainOptions,
): ModelData {
  const n = classes.length
  const columns = n - 1
  const relative = (row: number, c: number) => (weights[row * n + c + 1] as number) - (weights[row * n] as number)
  const strength = vocabulary.map((_, row) => {
    let max = 0
    for (let c = 0; c < columns; c++) max = Math.max(max, Math.abs(relative(row, c)))
    return max
  })
  const kept = vocabulary
    .map((_, row) => row)
    .sort((a, b) => (strength[b] as number) - (strength[a] as number))
    .slice(0, maxFeatures)
  const top = 2 ** (weightBits - 1) - 1
  let largest = 1e-9
  for (const row of kept) largest = Math.max(largest, strength[row] as number)
  const scale = largest / top
  const rows = kept
    .filter((row) => Math.round((strength[row] as number) / scale) > 0)
    .sort((a, b) => (vocabulary[a] as number) - (vocabulary[b] as number))
  const values = new Int8Array(rows.length * columns)
  rows.forEach((row, i) => {
    for (let c = 0; c < columns; c++) {
      const q = Math.round(relative(row, c) / scale)
      values[i * columns + c] = Math.abs(q) < minWeight ? 0 : q
    }
  })
  return {
    classes: [...classes],
    ids: toBase64(encodeIds(rows.map((row) => vocabulary[row] as number))),
    weightBits,
    weights: toBase64(packWeights(values, weightBits)),
    scale,
    bias: [...bias].slice(1).map((b) => Math.round((b - (bias[0] as number)) * 1e4) / 1e4),
  }
}

/** The heads of Saathi's model (model.ts: StoredModel). */
export type Head = 'danger' | 'situation'

/**
 * Each head's options, chosen on the dev set within the model's 150 KB: the danger head keeps its 30,000 strongest
 * features (of about 38,000; fewer called more questions danger), the situation head 9,000 (with 6,000 or 7,000 a
 * few danger messages got another situation's numbers).
 */
export const HEAD_OPTIONS: Readonly<Record<Head, TrainOptions>> = {
  danger: { ...DEFAULT_OPTIONS, maxFeatures: 30_000 },
  situation: { ...DEFAULT_OPTIONS, maxFeatures: 9_000, weightBits: 4 },
}

export const DANGER_CLASSES = ['safe', 'offtopic', 'danger'] as const

/** Trains both heads of Saathi's model on labelled messages (corpus/README.md). */
export function trainModel(
  lines: readonly { text: string; kind: Kind }[],
  options: Readonly<Record<Head, TrainOptions>> = HEAD_OPTIONS,
): Omit<StoredModel, 'source'> {
  const danger = train(
    lines.map((line) => ({ text: line.text, label: isSituation(line.kind) ? 'danger' : classOf(line.kind) })),
    DANGER_CLASSES,
    options.danger,
  )
  const situation = train(
    lines.filter((line) => isSituation(line.kind)).map((line) => ({ text: line.text, label: line.kind })),
    SITUATIONS,
    options.situation,
  )
  return { danger, situation }
}
