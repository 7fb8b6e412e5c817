import { romanize } from './classifier/romanize.ts'

/**
 * The tokenizer shared by danger detection and retrieval. A message becomes a list of keys, one a word, so that
 * spellings people type for the same word meet on one key:
 * - lower case, Latin diacritics removed, English contractions spelt out ("I'm" -> "i am", "won't" -> "will not");
 * - Devanagari: nukta dropped, anusvara and chandrabindu dropped, long i and u vowel signs folded onto the short ones
 *   (people type मे and में, पीछा and पिछा);
 * - a letter repeated three times or more counts once ("helppp", "bachaooo");
 * - chat spellings mapped ("plz" -> "please", "rha" -> "raha", "muje" -> "mujhe");
 * - Latin words get a light English stem (following, followed, follows -> follow), then "ee" -> "i", "oo" -> "u"
 *   and doubled letters single, so the Hinglish "peecha", "pichha" and "picha" are one key, as are "maarega" and
 *   "marega". The same function keys the knowledge base, the danger patterns and the message, so a key only has to
 *   be the same on both sides, never a real word.
 */

const CONTRACTIONS: readonly (readonly [RegExp, string])[] = [
  [/\bwon['’]t\b/g, 'will not'],
  [/\bcan['’]t\b/g, 'can not'],
  [/n['’]t\b/g, ' not'],
  [/['’]m\b/g, ' am'],
  [/['’]re\b/g, ' are'],
  [/['’]ll\b/g, ' will'],
  [/['’]ve\b/g, ' have'],
  [/['’]d\b/g, ' would'],
  [/['’]s\b/g, ' is'],
]

/** Characters that show nothing (zero-width spaces and joiners, soft hyphens, marks of direction). */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g

/** English contractions spelt out ("I'm" -> "i am"); the text must be lower case. */
export function expandContractions(lower: string): string {
  let s = lower
  for (const [pattern, replacement] of CONTRACTIONS) s = s.replace(pattern, replacement)
  return s
}

/** Without invisible characters: "he\u200blp" is "help". */
export const withoutInvisible = (text: string): string => text.replace(INVISIBLE, '')

/** Lower case, no punctuation, Latin diacritics and Devanagari variants folded; words separated by one space. */
export function normalize(text: string): string {
  const s = expandContractions(
    withoutInvisible(text)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      // Composed again: Tamil's, Bengali's and Kannada's two-part vowel signs (ோ is ெ + ா) stay one sign.
      .normalize('NFC')
      .toLowerCase(),
  )
  return s
    .replace(/[\u093c\u0901\u0902]/g, '')
    .replace(/\u0940/g, '\u093f')
    .replace(/\u0942/g, '\u0941')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .replace(/(\p{L})\1{2,}/gu, '$1')
    .trim()
}

/** Chat spellings and short forms, to the word they stand for (some to two words). */
export const SPELLINGS: Readonly<Record<string, string>> = {
  im: 'i am',
  ive: 'i have',
  dont: 'do not',
  didnt: 'did not',
  doesnt: 'does not',
  isnt: 'is not',
  cant: 'can not',
  cannot: 'can not',
  wont: 'will not',
  its: 'it is',
  hes: 'he is',
  theres: 'there is',
  whats: 'what is',
  m: 'am',
  u: 'you',
  ur: 'your',
  r: 'are',
  pls: 'please',
  plz: 'please',
  plss: 'please',
  plzz: 'please',
  thx: 'thanks',
  thanx: 'thanks',
  thnx: 'thanks',
  thanku: 'thank you',
  thankyou: 'thank you',
  ty: 'thanks',
  tq: 'thanks',
  rha: 'raha',
  rhi: 'rahi',
  rhe: 'rahe',
  kr: 'kar',
  kro: 'karo',
  mjhe: 'mujhe',
  muje: 'mujhe',
  mujhey: 'mujhe',
  mujhko: 'mujhe',
  woh: 'vo',
  wo: 'vo',
  voh: 'vo',
  h: 'hai',
  hy: 'hai',
  nhi: 'nahi',
  nai: 'nahi',
  koyi: 'koi',
  kia: 'kya',
  kese: 'kaise',
  kaisey: 'kaise',
}

/** Words whose final s is kept: not a plural, or a plural that asks for the list ("helplines"). */
const KEEP_S = new Set(['this', 'his', 'was', 'has', 'does', 'yes', 'bus', 'gas', 'plus', 'sos', 'always', 'helplines'])

/** A light English stemmer: enough for following/followed/follows, harassment/harassed, routes/route. */
function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word
  let w = word
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !KEEP_S.has(w)) w = w.slice(0, -1)
  for (const suffix of ['ment', 'ing', 'ed', 'ly']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length)
      break
    }
  }
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1)
  return w
}

/** The key of one normalized word. */
function keyOf(word: string): string {
  if (!/^[a-z]+$/.test(word)) return word
  return stem(word)
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/([a-z])\1+/g, '$1')
    .replace(/([bcdgjkpst]h)\1/g, '$1')
}

/**
 * Marathi and Hindi case endings ("घटनेची" of the incident, "ॲपमध्ये" in the app), longest first, as normalize
 * leaves them (long i folded to short, no anusvara).
 */
const DEVANAGARI_ENDINGS = ['च्या', 'मध्ये', 'पर्यत', 'साठि', 'कडे', 'चि', 'चा', 'चे', 'ला', 'ना', 'ने', 'शि']
const VOWEL_SIGN = /[\u093e-\u094c]$/

/**
 * A Devanagari word without its case ending and final vowel, so that "घटनेची", "घटने" and "घटना" (incident) meet;
 * a stem keeps at least two letters.
 */
function devanagariStem(word: string): string {
  let stem = word
  const ending = DEVANAGARI_ENDINGS.find((e) => stem.endsWith(e) && stem.length - e.length >= 3)
  if (ending) stem = stem.slice(0, -ending.length)
  if (VOWEL_SIGN.test(stem) && stem.length >= 3) stem = stem.slice(0, -1)
  return stem
}

/**
 * The keys of a text, in order, every word kept (danger rules need "me", "is", "if"). Devanagari words are stemmed,
 * and Indian scripts written in Latin letters (classifier/romanize.ts), so "बच्चों" and "bachon" meet on one key.
 */
export function tokenize(text: string): string[] {
  const keys: string[] = []
  const normalized = romanize(
    normalize(text)
      .split(' ')
      .map((word) => (/[\u0900-\u097f]/.test(word) ? devanagariStem(word) : word))
      .join(' '),
  )
  if (normalized === '') return keys
  for (const word of normalized.split(' ')) {
    const spelt = SPELLINGS[word] ?? word
    for (const part of spelt.split(' ')) keys.push(keyOf(part))
  }
  return keys
}

/** The key of a single word (for word lists written in code). */
export function keyWord(word: string): string {
  return tokenize(word).join(' ')
}

/** A set of keys from words written in code. */
export function keySet(words: string): Set<string> {
  return new Set(words.split(/\s+/).filter(Boolean).map(keyWord))
}

/** Words that say nothing about the topic: dropped from retrieval (not from danger rules). */
const STOPWORDS = keySet(`
  a an the i me my mine myself you your yours we us our he him his she her they them their it this that these those
  is am are was were be been being do does did doing have has had having will would shall should can could may might
  must to of in on at for with from by about into over after before as and or but if so than then too very really just
  also not no yes ok okay what which who whom how when where why there here some any all more most much many other
  please tell want wanted know get got give need thing things way ways something anything anyone someone one go help now abhi
  hai hain ka ki ke ko se kya mein me main mai hum ham tum aap ap aur ya na nahi bhi to tha thi the ho hu hun hoon
  kaise kaisa kahan kaha kab kyu kyun kyon karu karun kare karein karna karo kar raha rahi rahe hota hoti liye lie
  mera meri mere mujhe apna apni apne koi kuch vo ye yeh iska uska jab agar
  है हैं का की के को से क्या में मैं मुझे मेरा मेरी मेरे और या ना नहीं भी तो था थी हो हूं कैसे कहां करूं करें करना कर रहा रही
`)

/** Keys that carry meaning for retrieval (stopwords dropped). */
export function terms(text: string): string[] {
  const keys = tokenize(text)
  // "right now" is not about rights.
  return keys.filter((key, i) => !STOPWORDS.has(key) && !(key === 'right' && keys[i + 1] === 'now'))
}
