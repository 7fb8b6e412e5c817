import { reply } from './reply.ts'
import type { Intent } from './types.ts'

/** One question of the evaluation set (eval/questions.json). */
export interface EvalQuestion {
  text: string
  /** The intent expected ('danger' for a message that signals immediate danger). */
  intent: Intent
  /** The knowledge entry expected first, when one is: then top-1 is judged on it. */
  entry?: string
}

export interface EvalMiss {
  text: string
  expected: string
  got: string
}

export interface EvalResult {
  total: number
  /** Share of questions whose top-1 is right: the entry when one is given, else the intent. */
  accuracy: number
  /** Share of the danger questions answered as danger. */
  dangerRecall: number
  /** Danger questions, or answers marked danger, whose actions lack SOS (the target is 0). */
  dangerWithoutSos: number
  /** Questions not expected to be danger but answered as danger. */
  falseAlarms: number
  misses: EvalMiss[]
}

/** Runs the engine on every question and scores it. */
export function evaluate(questions: readonly EvalQuestion[]): EvalResult {
  let right = 0
  let dangers = 0
  let caught = 0
  let withoutSos = 0
  let falseAlarms = 0
  const misses: EvalMiss[] = []
  for (const question of questions) {
    const answer = reply(question.text)
    const expected = question.entry ?? question.intent
    const got = question.entry ? (answer.entries[0]?.id ?? answer.intent) : answer.intent
    if (got === expected && (question.entry === undefined || answer.intent === question.intent)) right++
    else misses.push({ text: question.text, expected, got: answer.danger && question.entry ? `danger/${got}` : got })
    const expectDanger = question.intent === 'danger'
    if (expectDanger) {
      dangers++
      if (answer.danger) caught++
    } else if (answer.danger) falseAlarms++
    if ((expectDanger || answer.danger) && !answer.actions.some((a) => a.type === 'sos')) withoutSos++
  }
  const total = questions.length
  return {
    total,
    accuracy: total === 0 ? 0 : right / total,
    dangerRecall: dangers === 0 ? 1 : caught / dangers,
    dangerWithoutSos: withoutSos,
    falseAlarms,
    misses,
  }
}
