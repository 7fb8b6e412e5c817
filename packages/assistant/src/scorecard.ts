/**
 * Scoring Saathi on an evaluation set (eval/README.md): danger first, the situation's numbers, facts, how-to
 * answers, and harmless messages left alone, overall, per language and per kind.
 */

import { words } from './classifier/features.ts'
import { reply } from './reply.ts'
import { isSituation, type Kind, type Situation } from './situations.ts'
import type { AssistantReply } from './types.ts'

export interface EvalItem {
  text: string
  lang: string
  kind: Kind
  /** For 'fact': what the answer's text must contain. */
  expect?: readonly string[]
  /** For 'howto': the screen a button must open, or 'sos'. */
  screen?: string
}

export const CHECKS = ['dangerFirst', 'situationNumbers', 'facts', 'howto', 'harmlessNotFlagged'] as const
export type Check = (typeof CHECKS)[number]

/** The targets of the issue, per check (share of the items the check applies to). */
export const TARGETS: Readonly<Record<Check, number>> = {
  dangerFirst: 0.98,
  situationNumbers: 0.95,
  facts: 1,
  howto: 0.9,
  harmlessNotFlagged: 0.95,
}

export interface Tally {
  passed: number
  total: number
}

export interface Miss {
  text: string
  lang: string
  kind: Kind
  check: Check
  /** What the answer did: its situation or intent, and its first buttons. */
  got: string
}

export interface Scorecard {
  overall: Record<Check, Tally>
  byLanguage: Record<string, Record<Check, Tally>>
  byKind: Record<string, Record<Check, Tally>>
  misses: Miss[]
}

/** The numbers every answer to a message of this kind must carry (eval/README.md). */
const KIND_NUMBERS: Partial<Record<Situation, readonly string[]>> = {
  home: ['181'],
  selfharm: ['14416'],
  child: ['1098'],
  assault: ['181'],
  drugged: ['108'],
  injured: ['108'],
  acid: ['108'],
}

/** Words of a message about a train, a local or a station, in the app's scripts (keys of features.ts). */
const TRAIN = new Set(
  'train trains tren trein local locals lokal station stations steshan railvay relve rail platform compartment rayil railu'.split(
    ' ',
  ),
)

const aboutTrain = (text: string) => words(text).some((word) => TRAIN.has(word))

export function expectedNumbers(item: EvalItem): string[] {
  if (!isSituation(item.kind)) return []
  const numbers = ['112', ...(KIND_NUMBERS[item.kind] ?? [])]
  if (item.kind === 'transit' && aboutTrain(item.text)) numbers.push('139')
  return numbers
}

const empty = (): Record<Check, Tally> =>
  Object.fromEntries(CHECKS.map((check) => [check, { passed: 0, total: 0 }])) as Record<Check, Tally>

function carries(answer: AssistantReply, number: string): boolean {
  return (
    new RegExp(`(^|\\D)${number}(\\D|$)`).test(answer.text) ||
    answer.actions.some((a) => a.type === 'call' && a.number === number)
  )
}

/** The checks one item is scored on, and whether the answer passes each. */
export function checksOf(item: EvalItem, answer: AssistantReply): [Check, boolean][] {
  if (isSituation(item.kind)) {
    const leads = answer.actions.slice(0, 2).some((a) => a.type === 'sos' || (a.type === 'call' && a.number === '112'))
    return [
      ['dangerFirst', answer.danger && leads],
      ['situationNumbers', expectedNumbers(item).every((n) => carries(answer, n))],
    ]
  }
  const checks: [Check, boolean][] = [['harmlessNotFlagged', !answer.danger]]
  const text = answer.text.toLowerCase()
  if (item.kind === 'fact') checks.push(['facts', (item.expect ?? []).every((e) => text.includes(e.toLowerCase()))])
  if (item.kind === 'howto') {
    const opens = answer.actions.some((a) =>
      item.screen === 'sos' ? a.type === 'sos' : a.type === 'open' && a.to === item.screen,
    )
    checks.push(['howto', opens])
  }
  return checks
}

function describe(answer: AssistantReply): string {
  const buttons = answer.actions
    .slice(0, 4)
    .map((a) => (a.type === 'sos' ? 'sos' : a.type === 'call' ? a.number : a.to))
    .join(' ')
  return `${answer.danger ? `danger/${answer.situation}` : answer.intent} [${buttons}]`
}

/** Scores every item of a set with `answer` (Saathi's reply by default). */
export function score(items: readonly EvalItem[], answer: (text: string) => AssistantReply = reply): Scorecard {
  const card: Scorecard = { overall: empty(), byLanguage: {}, byKind: {}, misses: [] }
  for (const item of items) {
    const got = answer(item.text)
    const byLanguage = card.byLanguage[item.lang] ?? empty()
    const byKind = card.byKind[item.kind] ?? empty()
    card.byLanguage[item.lang] = byLanguage
    card.byKind[item.kind] = byKind
    const groups = [card.overall, byLanguage, byKind]
    for (const [check, passed] of checksOf(item, got)) {
      for (const tallies of groups) {
        tallies[check].total++
        if (passed) tallies[check].passed++
      }
      if (!passed) card.misses.push({ text: item.text, lang: item.lang, kind: item.kind, check, got: describe(got) })
    }
  }
  return card
}

export const share = ({ passed, total }: Tally): number => (total === 0 ? 1 : passed / total)

/** The checks whose share is below its target. */
export const belowTarget = (tallies: Record<Check, Tally>): Check[] =>
  CHECKS.filter((check) => tallies[check].total > 0 && share(tallies[check]) < TARGETS[check])
