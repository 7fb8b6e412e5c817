/**
 * Indian scripts to Latin letters, roughly as people type them in chat ("बचाओ" -> "bachao", "পিছু" -> "pichhu"),
 * so that one word typed in Devanagari, in another Indian script or in Latin letters gives the classifier the same
 * features. Not a transliteration standard: a key, like the tokenizer's.
 *
 * The Unicode blocks of Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada and Malayalam share
 * one layout (from ISCII): the same letter sits at the same offset in each block. So every letter is first moved
 * to the Devanagari block, and one table serves them all.
 */

const FIRST_BLOCK = 0x0900
const LAST_BLOCK_END = 0x0d7f
const BLOCK = 0x80

/** Devanagari consonants by offset in the block (21 = 0x15 = क). Nukta forms (88..95) as people type them. */
const CONSONANTS: Readonly<Record<number, string>> = {
  21: 'k',
  22: 'kh',
  23: 'g',
  24: 'gh',
  25: 'n',
  26: 'ch',
  27: 'chh',
  28: 'j',
  29: 'jh',
  30: 'n',
  31: 't',
  32: 'th',
  33: 'd',
  34: 'dh',
  35: 'n',
  36: 't',
  37: 'th',
  38: 'd',
  39: 'dh',
  40: 'n',
  41: 'n',
  42: 'p',
  43: 'ph',
  44: 'b',
  45: 'bh',
  46: 'm',
  47: 'y',
  48: 'r',
  49: 'r',
  50: 'l',
  51: 'l',
  52: 'zh',
  53: 'v',
  54: 'sh',
  55: 'sh',
  56: 's',
  57: 'h',
  88: 'k',
  89: 'kh',
  90: 'g',
  91: 'j',
  92: 'd',
  93: 'dh',
  94: 'f',
  95: 'y',
  // Bengali's khanda ta (U+09CE) sits at 0x4e.
  78: 't',
}

/** Independent vowels. */
const VOWELS: Readonly<Record<number, string>> = {
  5: 'a',
  6: 'a',
  7: 'i',
  8: 'i',
  9: 'u',
  10: 'u',
  11: 'ri',
  12: 'li',
  13: 'e',
  14: 'e',
  15: 'e',
  16: 'ai',
  17: 'o',
  18: 'o',
  19: 'o',
  20: 'au',
  96: 'ri',
  97: 'li',
  // Candra a (ॲ), for the English a of "app", "ambulance".
  114: 'a',
}

/** Vowel signs after a consonant. */
const SIGNS: Readonly<Record<number, string>> = {
  62: 'a',
  63: 'i',
  64: 'i',
  65: 'u',
  66: 'u',
  67: 'ri',
  68: 'ri',
  69: 'e',
  70: 'e',
  71: 'e',
  72: 'ai',
  73: 'o',
  74: 'o',
  75: 'o',
  76: 'au',
  98: 'li',
  99: 'li',
  // Tamil's and Telugu's length marks, Bengali's au length mark.
  85: '',
  86: 'ai',
  87: 'au',
}

const VIRAMA = 0x4d
/** Anusvara and chandrabindu: a nasal people type as n, or not at all. */
const NASALS = new Set([0x01, 0x02])
const VISARGA = 0x03
/** Nukta, avagraha, Gurmukhi's addak and tippi-like marks: no sound of their own in a key. */
const SILENT = new Set([0x3c, 0x3d, 0x70, 0x71, 0x75])

/** The offset of an Indian letter in its block, or -1 for any other character. */
function offsetOf(code: number): number {
  if (code < FIRST_BLOCK || code > LAST_BLOCK_END) return -1
  return (code - FIRST_BLOCK) % BLOCK
}

export const isIndic = (char: string): boolean => offsetOf(char.codePointAt(0) ?? 0) >= 0

interface Syllable {
  consonant: string
  /** The written vowel, or null for the inherent a. */
  vowel: string | null
  /** A virama ends the consonant with no vowel. */
  bare: boolean
  nasal: boolean
}

/** Blocks of the Dravidian scripts (Tamil, Telugu, Kannada, Malayalam): their inherent a is said, so kept. */
const DRAVIDIAN_FROM = 0x0b80

/** One word of an Indian script (letters of one block and marks) in Latin letters. */
function romanizeWord(word: string): string {
  const dravidian = (word.codePointAt(0) ?? 0) >= DRAVIDIAN_FROM
  const parts: (Syllable | string)[] = []
  for (const char of word) {
    const offset = offsetOf(char.codePointAt(0) ?? 0)
    const last = parts[parts.length - 1]
    const open = typeof last === 'object' && last.vowel === null && !last.bare ? last : null
    if (offset < 0) parts.push(char)
    else if (CONSONANTS[offset] !== undefined)
      parts.push({ consonant: CONSONANTS[offset] as string, vowel: null, bare: false, nasal: false })
    else if (VOWELS[offset] !== undefined) parts.push(VOWELS[offset] as string)
    else if (SIGNS[offset] !== undefined) {
      if (open) open.vowel = SIGNS[offset] as string
      else parts.push(SIGNS[offset] as string)
    } else if (offset === VIRAMA) {
      if (open) open.bare = true
    } else if (NASALS.has(offset)) {
      if (typeof last === 'object') last.nasal = true
      else parts.push('n')
    } else if (offset === VISARGA) parts.push('h')
    else if (offset >= 0x66 && offset <= 0x6f) parts.push(String(offset - 0x66))
    else if (!SILENT.has(offset)) parts.push('')
  }
  // Schwa deletion, as Hindi and Marathi speakers type: the inherent a of the last consonant is dropped
  // ("madad", not "madada"), and so is a medial one between a vowel and a consonant that carries its own vowel
  // ("karta", "ladki").
  const syllables = parts.map((part, i) => {
    if (typeof part === 'string') return part
    let vowel = part.vowel ?? (part.bare ? '' : 'a')
    if (part.vowel === null && !part.bare && !part.nasal && !dravidian) {
      const next = parts[i + 1]
      const previous = parts[i - 1]
      const lastLetter = next === undefined || typeof next === 'string'
      const beforeVoweled = typeof next === 'object' && next.vowel !== null
      const afterVowel = typeof previous === 'object' ? !previous.bare : typeof previous === 'string' && previous !== ''
      if ((lastLetter && i > 0) || (beforeVoweled && afterVowel && i > 0)) vowel = ''
    }
    return part.consonant + vowel + (part.nasal ? 'n' : '')
  })
  return syllables.join('')
}

/** Every run of Indian letters in the text, in Latin letters; anything else is kept. */
export function romanize(text: string): string {
  return text.replace(/[\u0900-\u0d7f]+/g, romanizeWord)
}
