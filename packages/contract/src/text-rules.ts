/**
 * What a text field may hold, without schemas: forms check it before any TypeBox is loaded, and common.ts builds the
 * schemas' patterns and messages from the same pieces, so the phone and the server say the same thing. Patterns are
 * strings for `new RegExp(pattern, 'u')`, as JSON Schema and TypeBox read them; each runs in linear time.
 */

/**
 * A character a person can see: a letter, digit, punctuation mark or symbol that is not default-ignorable (Hangul
 * fillers are letters that draw nothing) nor the blank braille cell. Spaces, zero-width spaces and joiners, BOM, soft
 * hyphens and lone combining marks are not, so a text of nothing else is empty. A Hindi or Marathi word keeps its
 * ZWJ/ZWNJ (U+200D/U+200C): its letters are what count.
 */
export const VISIBLE_PATTERN = '(?![\\p{Default_Ignorable_Code_Point}\\u2800])[\\p{L}\\p{N}\\p{P}\\p{S}]'

/** Control characters refused in free text: C0 (but tab, line breaks and form feeds), DEL and C1. NUL included. */
const TEXT_CONTROL = '\\u0000-\\u0008\\u000E-\\u001F\\u007F-\\u009F'
/** Overrides, embeddings and isolates (U+202A..U+202E, U+2066..U+2069): they can make a name read as another. */
const DIRECTION_CONTROL = '\\u202A-\\u202E\\u2066-\\u2069'

export const TEXT_NO_CONTROLS_PATTERN = `^[^${TEXT_CONTROL}]*$`
/**
 * One line (names, titles): words separated by spaces, no control character (tab, line break, NUL...) inside; spaces
 * and line breaks around it are allowed, as the server trims them.
 */
export const LINE_NO_CONTROLS_PATTERN = '^\\s*(?:[^\\s\\p{Cc}]+(?:[^\\S\\p{Cc}\\u2028\\u2029]+[^\\s\\p{Cc}]+)*)?\\s*$'
export const NO_DIRECTION_CONTROLS_PATTERN = `^[^${DIRECTION_CONTROL}]*$`

/** A one-line field refuses what a free-text field refuses, and line breaks and direction controls too. */
export type TextKind = 'text' | 'line'

/** Every rule of a field in one pattern, for the schema: a visible character, and nothing refused. */
export function textPattern(kind: TextKind): string {
  const visible = `(?=[\\s\\S]*?${VISIBLE_PATTERN})`
  if (kind === 'text') return `^${visible}[^${TEXT_CONTROL}]*$`
  const word = `[^\\s\\p{Cc}${DIRECTION_CONTROL}]+`
  return `^${visible}\\s*(?:${word}(?:[^\\S\\p{Cc}\\u2028\\u2029]+${word})*)?\\s*$`
}

export const TextMessages = {
  required: (title: string) => `${title} is required`,
  tooLong: (title: string, max: number) => `${title} must be at most ${max} characters`,
  controls: (title: string) => `${title} must not contain control characters`,
  lineControls: (title: string) => `${title} must be one line, without control characters`,
  direction: (title: string) => `${title} must not contain characters that change the text direction`,
} as const

export interface TextRule {
  pattern: string
  message: string
}

/** The rules of textPattern one by one, in the order a problem is told: the schema's `rules`. */
export function textRules(title: string, kind: TextKind): TextRule[] {
  const required = { pattern: VISIBLE_PATTERN, message: TextMessages.required(title) }
  if (kind === 'text') return [required, { pattern: TEXT_NO_CONTROLS_PATTERN, message: TextMessages.controls(title) }]
  return [
    required,
    { pattern: LINE_NO_CONTROLS_PATTERN, message: TextMessages.lineControls(title) },
    { pattern: NO_DIRECTION_CONTROLS_PATTERN, message: TextMessages.direction(title) },
  ]
}

const VISIBLE_RE = new RegExp(VISIBLE_PATTERN, 'u')

/** Whether `value` holds a character a person can see (not only spaces and invisible characters). */
export const hasVisibleText = (value: string): boolean => VISIBLE_RE.test(value)

const compiled = new Map<string, RegExp>()
const regExp = (pattern: string) => {
  let re = compiled.get(pattern)
  if (!re) {
    re = new RegExp(pattern, 'u')
    compiled.set(pattern, re)
  }
  return re
}

/**
 * Why `value` cannot be the field `title` (the schema's wording: the first rule it breaks), or null: what a form
 * checks before sending. Length counts code points, as the schema does.
 */
export function textProblem(title: string, value: string, maxLength: number, kind: TextKind = 'text'): string | null {
  if (!hasVisibleText(value)) return TextMessages.required(title)
  if ([...value].length > maxLength) return TextMessages.tooLong(title, maxLength)
  return textRules(title, kind).find((rule) => !regExp(rule.pattern).test(value))?.message ?? null
}

/**
 * Blank or invisible, and so dropped around a text. Kept: ZWJ/ZWNJ (U+200D/U+200C), which a word may end with, and
 * variation selectors and tags, which end emoji (❤️, flags).
 */
const BLANK_RE = /^[\s\p{Default_Ignorable_Code_Point}]$/u
/** Variation selectors (U+180B..U+180F, U+FE00..U+FE0F, U+E0100..) and tags (U+E0000..U+E007F). */
function isSelectorOrTag(char: string): boolean {
  const code = char.codePointAt(0) ?? 0
  return (
    (code >= 0x180b && code <= 0x180d) ||
    code === 0x180f ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    (code >= 0xe0000 && code <= 0xe01ef)
  )
}
const isEdge = (char: string) => char !== '\u200C' && char !== '\u200D' && BLANK_RE.test(char) && !isSelectorOrTag(char)

/**
 * A text as it is stored: in NFC (one encoding for what looks the same), without the blanks and invisible characters
 * around it. The server keeps what this answers; the phone may use it for its own copy.
 */
export function tidyText(value: string): string {
  const chars = [...value.normalize('NFC')]
  let start = 0
  let end = chars.length
  while (start < end && isEdge(chars[start] as string)) start++
  while (end > start && isEdge(chars[end - 1] as string)) end--
  return chars.slice(start, end).join('')
}

const LINE_BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029]+/gu
const DIRECTION_CONTROLS = new RegExp(`[${DIRECTION_CONTROL}]`, 'gu')

/**
 * A one-line text made acceptable rather than refused: control characters and line breaks become a space, direction
 * controls are dropped, then tidied. For fields that must never stop what she is doing (a check-in's destination in
 * an SOS share); it may answer '' (then leave the field out).
 */
export const cleanLine = (value: string): string =>
  tidyText(value.replace(LINE_BREAKS_AND_CONTROLS, ' ').replace(DIRECTION_CONTROLS, ''))
