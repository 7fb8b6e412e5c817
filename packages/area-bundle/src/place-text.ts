/**
 * Text rules of place search, shared by the server's import (what is indexed), its search (what is asked) and the
 * phone's search over a bundle's places (search-places.ts): every side normalizes the same way, so 'Carmichael Rd',
 * 'carmichael road' and 'CARMICHAEL  ROAD' are one name. Pure TypeScript: runs in a Web Worker.
 */

/** Whole words written both ways in street and place names; the long form is what is indexed. */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  rd: 'road',
  st: 'street',
  ln: 'lane',
  stn: 'station',
  hosp: 'hospital',
  ave: 'avenue',
  bldg: 'building',
  soc: 'society',
  chs: 'society',
  apt: 'apartment',
  apts: 'apartments',
  opp: 'opposite',
  clg: 'college',
  mkt: 'market',
  jn: 'junction',
  jct: 'junction',
}

/**
 * Lower case, Latin accents removed (other scripts keep their vowel signs), apostrophes dropped, any other
 * punctuation a space, abbreviations expanded.
 */
export function normalize(text: string, expand = true): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`ʼ]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
  if (plain === '' || !expand) return plain.normalize('NFC')
  return plain
    .split(' ')
    .map((w) => ABBREVIATIONS[w] ?? w)
    .join(' ')
    .normalize('NFC')
}

/** The words of a normalized text. */
export const wordsOf = (normalized: string): string[] => (normalized === '' ? [] : normalized.split(' '))

/** Contains a Latin letter (used to prefer a Latin-script name for display). */
export const isLatin = (text: string): boolean => /\p{Script=Latin}/u.test(text)

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), giving up above `max`
 * (answers max + 1 then).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0
  const la = a.length
  const lb = b.length
  if (Math.abs(la - lb) > max) return max + 1
  if (lb + 1 > rowA.length) growRows(lb + 1)
  let prev2 = rowA
  let prev = rowB
  let cur = rowC
  for (let j = 0; j <= lb; j++) prev[j] = j
  for (let i = 1; i <= la; i++) {
    cur[0] = i
    let rowMin = i
    const ca = a.charCodeAt(i - 1)
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1)
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (ca === cb ? 0 : 1))
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        v = Math.min(v, (prev2[j - 2] ?? 0) + 1)
      cur[j] = v
      if (v < rowMin) rowMin = v
    }
    if (rowMin > max) return max + 1
    const t = prev2
    prev2 = prev
    prev = cur
    cur = t
  }
  return Math.min(prev[lb] ?? 0, max + 1)
}

// Rows reused by editDistance (it runs thousands of times per search; nothing in it is re-entrant).
let rowA = new Int32Array(64)
let rowB = new Int32Array(64)
let rowC = new Int32Array(64)
function growRows(n: number) {
  rowA = new Int32Array(n)
  rowB = new Int32Array(n)
  rowC = new Int32Array(n)
}

/** Edits a word of this length may need and still be a typo of the asked word: 0 up to 3 letters, 1 up to 7, else 2. */
export const typoBudget = (length: number): number => (length <= 3 ? 0 : length <= 7 ? 1 : 2)

/** One asked word, as the server's search and the phone's compare it with the words of names. */
export interface QueryWord {
  /** The word as typed and its long form ('rd' -> 'road'). */
  forms: string[]
  /** The last word may be unfinished: a prefix of a name's word is a full match. */
  last: boolean
  /** The last word may also be unfinished and misspelt (compared with the start of a name's word). */
  looseEnd: boolean
}

export interface WordScore {
  /** 0: no match. */
  score: number
  typo: boolean
}

/**
 * How well one asked word matches one word of a name, and whether that took a typo: the same scores on the server
 * (geocode/service.ts) and the phone (search-places.ts). Without `typos`, exact and prefix matches only.
 */
export function wordMatch(q: QueryWord, word: string, typos = true): WordScore {
  let best = 0
  let typo = false
  for (const form of q.forms) {
    if (word === form) return { score: 1, typo: false }
    if (word.startsWith(form)) {
      // A short unfinished word is a weak hint; a longer one nearly as good as the whole word.
      const s = (q.last ? 0.8 : 0.7) + Math.min(0.15, form.length * 0.03)
      if (s > best) [best, typo] = [s, false]
      continue
    }
    const budget = typoBudget(form.length)
    if (!typos || budget === 0 || best >= 0.7) continue
    if (editDistance(form, word, budget) <= budget) {
      ;[best, typo] = [0.65, true]
    } else if (q.last ? q.looseEnd : form.length >= 5) {
      // A misspelt unfinished word: compare with the word's start of about the same length.
      for (let len = form.length - 1; len <= form.length + 1; len++) {
        if (len < 3 || len >= word.length) continue
        if (editDistance(form, word.slice(0, len), budget) <= budget) {
          ;[best, typo] = [0.55, true]
          break
        }
      }
    }
  }
  return { score: best, typo }
}
