import { words } from './classifier/features.ts'

/**
 * Finding words and short phrases of a word list in a message, whatever the script and however she spells them.
 * Both sides are keyed by classifier/features.ts (every Indian script in Latin letters, spellings that sound alike
 * folded: "पुलिस", "পুলিশ" and "pulis" meet), and a word of the message stands for a word of the list when it is the
 * same key (for keys of three letters or fewer, in the same script), or
 * - begins with it (in the same script, or one of them in Latin letters), a listed word of an Indian script without
 *   its final vowels, when that is at least 4 letters long: a case ending or postposition glued
 *   on ("पोलिसांचा", "পুলিশের", "ನಂಬರ್‌ಗೆ", "ambulances");
 * - both are written in an Indian script and its consonants begin with the listed word's (at least four): an ending
 *   that changes the vowels before it ("দমকলের" of "দমকল", "কমিশনের" of "কমিশন");
 * - both are written in Latin letters and it is one typo away, for listed words of six letters or more, the first
 *   letter right ("ambulence", "numbr", "helpine").
 */

/** A message, keyed: its keys, and for each the script it was written in (scriptOf). */
export interface Keyed {
  keys: string[]
  scripts: number[]
}

/** Latin letters (or anything but an Indian script). */
const LATIN = -1

/** The Indian script a word is written in (Devanagari 0, Bengali 1, ... Malayalam 8: Unicode's blocks), or LATIN. */
function scriptOf(word: string): number {
  for (const char of word) {
    const code = char.codePointAt(0) ?? 0
    if (code >= 0x0900 && code <= 0x0d7f) return Math.floor((code - 0x0900) / 0x80)
  }
  return LATIN
}

/** A message's keys (as features.ts's words), each with its script (words in a row of one script keyed at once). */
export function keyed(text: string): Keyed {
  const keys: string[] = []
  const scripts: number[] = []
  let run: string[] = []
  let runScript = LATIN
  const flush = () => {
    for (const key of words(run.join(' '))) {
      keys.push(key)
      scripts.push(runScript)
    }
    run = []
  }
  for (const raw of text.split(/\s+/)) {
    const script = scriptOf(raw)
    if (script !== runScript && run.length > 0) flush()
    runScript = script
    run.push(raw)
  }
  flush()
  return { keys, scripts }
}

/** A phrase of the list, keyed, its script, and what it stands for. */
interface Phrase<T> {
  keys: string[]
  script: number
  tag: T
}

/** Where a phrase was found: the keys [start, end) of the message. */
export interface Found<T> {
  start: number
  end: number
  tag: T
}

/** The shortest start of a word that stands for the word (shorter words must match whole). */
const MIN_STEM = 4
/** At most this many letters may follow a word's stem (case endings, postpositions). */
const MAX_ENDING = 9
/** Listed words in Latin letters this long or longer match a word one typo away. */
const MIN_TYPO = 6
/** The fewest consonants of a listed word in an Indian script that its inflected forms are found by. */
const MIN_BONES = 4
/**
 * Keys this short match only a word of the same script: "की" (Hindi, of) and "কী" (Bengali, what), "নং" (Bengali,
 * no.) and "நான்" (Tamil, I) or the Hinglish "ki" are the same key, and not the same word.
 */
const SHORT_KEY = 3

/**
 * The start a listed word's forms share: a word of an Indian script without its final vowels ("रुग्णवाहिका" and
 * "रुग्णवाहिकेचा"), a word in Latin letters whole ("police" begins "polices", not "policy").
 */
const stemOf = (key: string, script: number): string => {
  const stem = script === LATIN ? key : key.replace(/[aeiou]+$/, '')
  return stem.length >= MIN_STEM ? stem : ''
}

/** The first letter and the consonants after it ("damakal" -> "dmkl"; h after a consonant dropped). */
const bonesOf = (key: string): string =>
  key[0] +
  key
    .slice(1)
    .replace(/[aeiouy]/g, '')
    .replace(/([^aeiou])h/g, '$1')
    .replace(/(.)\1+/g, '$1')

const latin = (key: string) => /^[a-z]+$/.test(key)

/** A word with each of its letters left out in turn. */
const deletions = (key: string): string[] => [...key].map((_, i) => key.slice(0, i) + key.slice(i + 1))

/**
 * Is a within one edit (insert, delete, replace, or swap two letters side by side) of b? A different last letter
 * alone is another word more often than a typo ("policy", "police"), so it is not one.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) {
    if (i < a.length - 1 && a.slice(i + 1) === b.slice(i + 1)) return true
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/** Does a word of the message (key, and its script) stand for a listed word (key, script)? */
function same(key: string, script: number, listed: string, listedScript: number, exact: boolean): boolean {
  if (listed.length <= SHORT_KEY && script !== listedScript) return false
  if (key === listed) return true
  if (exact) return false
  const indic = script !== LATIN
  const listedIndic = listedScript !== LATIN
  // Two Indian scripts meet only on whole words: the start of a Tamil word is not a Kannada word's stem
  // ("மகளிர்", women, is not "ಮಕ್ಕಳ", children).
  if (indic && listedIndic && script !== listedScript) return false
  const stem = stemOf(listed, listedScript)
  if (stem && key.startsWith(stem) && key.length - stem.length <= MAX_ENDING) return true
  if (indic && listedIndic) {
    const bones = bonesOf(listed)
    return bones.length >= MIN_BONES && bonesOf(key).startsWith(bones) && key.length - listed.length <= MAX_ENDING
  }
  // A typo in the first letter is rare: "legal" is not "illegal".
  return (
    !indic &&
    !listedIndic &&
    latin(key) &&
    listed.length >= MIN_TYPO &&
    key[0] === listed[0] &&
    oneEditApart(key, listed)
  )
}

export class Lexicon<T> {
  private readonly exactly = new Map<string, Phrase<T>[]>()
  private readonly stems = new Map<string, Phrase<T>[]>()
  private readonly bones = new Map<string, Phrase<T>[]>()
  /** Listed words in Latin letters by themselves and each of them with one letter left out. */
  private readonly typos = new Map<string, Phrase<T>[]>()

  /**
   * `entries`: words or phrases (in any script, keyed by features.ts) and their tags. `exact`: only the same keys
   * match (no stems, consonants or typos).
   */
  constructor(
    entries: Iterable<readonly [string, T]>,
    private readonly exact = false,
  ) {
    const add = (map: Map<string | number, Phrase<T>[]>, key: string | number, phrase: Phrase<T>) =>
      map.set(key, [...(map.get(key) ?? []), phrase])
    for (const [text, tag] of entries) {
      const keys = words(text)
      const first = keys[0]
      if (first === undefined) throw new Error(`empty phrase "${text}"`)
      const phrase = { keys, script: scriptOf(text), tag }
      add(this.exactly as Map<string | number, Phrase<T>[]>, first, phrase)
      const stem = stemOf(first, phrase.script)
      if (stem) add(this.stems as Map<string | number, Phrase<T>[]>, stem, phrase)
      const bones = bonesOf(first)
      if (phrase.script !== LATIN && bones.length >= MIN_BONES)
        add(this.bones as Map<string | number, Phrase<T>[]>, bones, phrase)
      if (phrase.script === LATIN && latin(first) && first.length >= MIN_TYPO)
        for (const variant of new Set([first, ...deletions(first)]))
          add(this.typos as Map<string | number, Phrase<T>[]>, variant, phrase)
    }
  }

  /** The phrases that may start at a word: the same key, a stem or consonants it begins with, or one typo away. */
  private candidates(key: string, script: number): Set<Phrase<T>> {
    const out = new Set(this.exactly.get(key) ?? [])
    if (this.exact) return out
    for (let end = key.length; end >= MIN_STEM; end--)
      for (const p of this.stems.get(key.slice(0, end)) ?? []) out.add(p)
    if (script !== LATIN) {
      const bones = bonesOf(key)
      for (let end = bones.length; end >= MIN_BONES; end--)
        for (const p of this.bones.get(bones.slice(0, end)) ?? []) out.add(p)
    } else if (latin(key))
      // One edit apart, two words share themselves or a form with one letter left out.
      for (const variant of [key, ...deletions(key)]) for (const p of this.typos.get(variant) ?? []) out.add(p)
    return out
  }

  /** Every phrase of the list in the message, each where it starts. */
  find({ keys, scripts }: Keyed): Found<T>[] {
    const found: Found<T>[] = []
    keys.forEach((key, start) => {
      for (const phrase of this.candidates(key, scripts[start] ?? LATIN)) {
        const end = start + phrase.keys.length
        if (end > keys.length) continue
        const all = phrase.keys.every((listed, j) =>
          same(keys[start + j] as string, scripts[start + j] ?? LATIN, listed, phrase.script, this.exact),
        )
        if (all) found.push({ start, end, tag: phrase.tag })
      }
    })
    return found
  }
}
