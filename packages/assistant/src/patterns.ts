import { keyWord } from './text.ts'

/** A pattern's slot: one of some words (optionally absent), or a gap of up to N words. */
export type Slot = { words: Set<string>; optional: boolean } | { gap: number }

/**
 * A pattern, written as words separated by spaces: "a|b" one of them, "a?" optional, "*" up to 3 words, "*N" up to
 * N words. Words are keyed like messages, so "following" also matches "follows" and "followed".
 */
function compile(pattern: string): Slot[] {
  return pattern.split(' ').map((part): Slot => {
    const gap = /^\*(\d)?$/.exec(part)
    if (gap) return { gap: gap[1] ? Number(gap[1]) : 3 }
    const optional = part.endsWith('?')
    const words = new Set(
      (optional ? part.slice(0, -1) : part).split('|').map((word) => {
        const key = keyWord(word)
        if (key === '' || key.includes(' ')) throw new Error(`pattern word "${word}" is not one word`)
        return key
      }),
    )
    return { words, optional }
  })
}

/** The end of a match of `slots` from token `i`, or -1. */
function matchFrom(tokens: readonly string[], i: number, slots: readonly Slot[], s: number): number {
  if (s === slots.length) return i
  const slot = slots[s] as Slot
  if ('gap' in slot) {
    for (let g = 0; g <= slot.gap && i + g <= tokens.length; g++) {
      const end = matchFrom(tokens, i + g, slots, s + 1)
      if (end >= 0) return end
    }
    return -1
  }
  if (i < tokens.length && slot.words.has(tokens[i] as string)) {
    const end = matchFrom(tokens, i + 1, slots, s + 1)
    if (end >= 0) return end
  }
  return slot.optional ? matchFrom(tokens, i, slots, s + 1) : -1
}

/** Every start at which the pattern matches, with the match's end. */
export function* matches(tokens: readonly string[], slots: readonly Slot[]): Generator<[number, number]> {
  for (let start = 0; start < tokens.length; start++) {
    const end = matchFrom(tokens, start, slots, 0)
    if (end >= 0) yield [start, end]
  }
}

export const compileAll = (patterns: readonly string[]): Slot[][] => patterns.map(compile)

/** Does any of the patterns match the tokens? */
export const matchesAny = (tokens: readonly string[], patterns: readonly Slot[][]): boolean =>
  patterns.some((slots) => !matches(tokens, slots).next().done)
