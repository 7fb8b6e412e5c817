/**
 * A message as the classifier sees it: words keyed the same way whatever the script or spelling, then the features
 * a linear model can weigh (words, word pairs, consonant skeletons, character n-grams), hashed to numbers. Training
 * (train.ts) and prediction (model.ts) use this one function, so a feature means the same on both sides.
 */

import { expandContractions, SPELLINGS, withoutInvisible } from '../text.ts'
import { romanize } from './romanize.ts'

/** Features are hashed into 2^BITS buckets. */
export const BITS = 20
/** The length of the character n-grams. */
const CHARS = 4

/** Emoji that say something about danger or help, as words. */
const EMOJI: readonly (readonly [RegExp, string])[] = [
  [/🆘/gu, ' sos '],
  [/[🔪🗡]/gu, ' knife '],
  [/🔫/gu, ' gun '],
  [/🩸/gu, ' blood '],
  [/💊/gu, ' pills '],
  [/[😭😢🥺]/gu, ' crying '],
  [/[😨😰😱😟😧]/gu, ' scared '],
  [/🙏/gu, ' please '],
  [/[🚕🚖🛺]/gu, ' cab '],
  [/[🚆🚉🚇🚃]/gu, ' train '],
  [/[🚌🚍]/gu, ' bus '],
  [/🚨/gu, ' emergency '],
]

/** Words that turn the next few words around ("nobody is following me", "koi peecha nahi kar raha"). */
const NEGATIONS = new Set([
  'not',
  'no',
  'nobody',
  'never',
  'nahi',
  'nahin',
  'na',
  'mat',
  'nathi',
  'nako',
  'nei',
  'illa',
  'illai',
  'ledu',
])
const NEGATION_REACH = 3

/**
 * One word's key: spellings that sound alike meet ("peecha", "pichha" -> "picha"; "woh" -> "voh"; "बच्चों", typed
 * "bacchon", -> "bachon").
 */
function phonetic(word: string): string {
  return word
    .replace(/(\p{L})\1{2,}/gu, '$1')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/([a-z])\1/g, '$1')
    .replace(/([bcdgjkpst]h)\1/g, '$1')
}

/** Consonants only, h after a consonant dropped: "pichha", "picha", "peecha" -> "pc"; "karta", "karata" -> "krt". */
function skeleton(key: string): string {
  if (!/^[a-z]+$/.test(key)) return ''
  const rest = key
    .slice(1)
    .replace(/[aeiouy]/g, '')
    .replace(/([^aeiou])h/g, '$1')
  return (key[0] + rest).replace(/([a-z])\1/g, '$1')
}

/** The message's words, keyed: invisible characters dropped, emoji as words, every script in Latin letters. */
export function words(text: string): string[] {
  let s = withoutInvisible(text)
  for (const [pattern, word] of EMOJI) s = s.replace(pattern, word)
  s = expandContractions(
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
      .toLowerCase(),
  )
  const out: string[] = []
  for (const raw of romanize(s).split(/[^\p{L}\p{M}\p{N}]+/u)) {
    if (raw === '') continue
    for (const part of (SPELLINGS[raw] ?? raw).split(' ')) out.push(phonetic(part))
  }
  return out
}

/** 32-bit FNV-1a. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

const bucket = (feature: string): number => fnv1a(feature) >>> (32 - BITS)

/** A coarse length: a message of one or two words is more often a cry. */
function lengthFeature(count: number): string {
  if (count <= 2) return 'len:1-2'
  if (count <= 5) return 'len:3-5'
  if (count <= 12) return 'len:6-12'
  return 'len:13+'
}

/** The named features of a message (for tests and for reading what the model weighs). */
export function featureNames(text: string): string[] {
  const keys = words(text)
  const features = new Set<string>([lengthFeature(keys.length)])
  let negatedUntil = -1
  keys.forEach((key, i) => {
    features.add(`w:${key}`)
    if (i > 0) features.add(`b:${keys[i - 1]} ${key}`)
    const bones = skeleton(key)
    if (bones.length >= 2) features.add(`s:${bones}`)
    if (i <= negatedUntil) features.add(`n:${key}`)
    if (NEGATIONS.has(key)) negatedUntil = i + NEGATION_REACH
  })
  // Character 4-grams over the words in a row, spaces included, so that word starts and ends count. (3-grams as
  // well made the model a third larger and no better on the dev set.)
  const line = ` ${keys.join(' ')} `
  for (let i = 0; i + CHARS <= line.length; i++) features.add(`c:${line.slice(i, i + CHARS)}`)
  return [...features]
}

/** The hashed features of a message, each once, in increasing order. */
export function features(text: string): Uint32Array {
  const ids = new Set<number>()
  for (const name of featureNames(text)) ids.add(bucket(name))
  return Uint32Array.from(ids).sort()
}
