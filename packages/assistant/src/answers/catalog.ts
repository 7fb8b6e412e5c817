import type { TextFactId } from '../fact-list.ts'
import type { Situation } from '../situations.ts'

/** What Saathi says in one language: the danger answers, the answers that need no knowledge entry, and the buttons. */
export interface Catalog {
  /** The first line of every danger answer. */
  lead: string
  /** What to do, situation by situation (short lines, one step each). */
  situations: Readonly<Record<Situation, string>>
  greeting: string
  thanks: string
  /** When Saathi did not understand: the numbers that matter, and SOS. */
  unknown: string
  /** Button labels. */
  sos: string
  call: (number: string) => string
  helplines: string
  /** One line per helpline number: what it is for and where it works (docs/helplines.md). */
  numbers: Readonly<Record<string, string>>
  /** The facts that are not a number (a law, the Zero FIR, care within 72 hours), one line each (docs/helplines.md). */
  facts: Readonly<Record<TextFactId, string>>
  /** Closes a list of numbers. */
  numbersFooter: string
  /** The main numbers in one line, after the answer to a question for one number. */
  quickNumbers: string
  /** Before an answer the knowledge base has only in English. */
  inEnglish: string
}
