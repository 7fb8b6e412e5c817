/**
 * Is a message danger, and which situation? The trained model decides (classifier/), and the hand-written rules of
 * danger.ts stay as a safety net: a cry they recognise ("bachao", "help me") is danger even when the model is
 * unsure, unless the model is sure it is not. A message of greetings or thanks alone is never danger.
 */

import { asksAboutLaw, asksForNumber } from './asks.ts'
import { features } from './classifier/features.ts'
import { MODEL } from './classifier/model.generated.ts'
import { Classifier, type StoredModel } from './classifier/model.ts'
import { isDanger } from './danger.ts'
import { SITUATIONS, type Situation } from './situations.ts'
import { onlyPleasantries } from './small-talk.ts'
import { tokenize } from './text.ts'

/** The danger head's probability from which a message is danger (chosen on the dev set: eval/README.md). */
export const DANGER_THRESHOLD = 0.5
/** Below this the model is sure enough that a message the rules flag is not danger ("nobody is following me"). */
export const RULES_FLOOR = 0.25
/**
 * A short question for a number or a law ("ambulance number", "போலீஸ் நம்பர்", "498a new section") is answered with
 * it, not as danger, unless the model is this sure or the rules hear a cry: the number answer carries 112 anyway.
 */
const NUMBER_QUESTION_WORDS = 5
const NUMBER_QUESTION_DANGER = 0.9
/** Longer messages are read at their start and their end, where a plea for help is: enough, and fast. */
const READ_CHARS = 2_000

export interface Assessment {
  danger: boolean
  /** The model's probability that the message is danger. */
  probability: number
  /** The model's probability that the message, if it is not danger, is off topic (not about safety or the app). */
  offtopic: number
  /** The danger situations, most likely first, with their probabilities (for a danger message). */
  situations: { situation: Situation; probability: number }[]
}

export type Assessor = (text: string) => Assessment

export interface Thresholds {
  danger: number
  rulesFloor: number
}

/** An assessor over a model (the trained one, or another in tests and experiments). */
export function createAssessor(
  model: StoredModel,
  thresholds: Thresholds = { danger: DANGER_THRESHOLD, rulesFloor: RULES_FLOOR },
): Assessor {
  const danger = new Classifier(model.danger)
  const situation = new Classifier(model.situation)
  return (text) => {
    const read = text.length > 2 * READ_CHARS ? `${text.slice(0, READ_CHARS)} ${text.slice(-READ_CHARS)}` : text
    const ids = features(read)
    const [safe = 0, offtopicShare = 0, probability = 0] = danger.probabilitiesOf(ids)
    // Off topic among the messages that are not danger.
    const offtopic = offtopicShare / (safe + offtopicShare || 1)
    const tokens = tokenize(read)
    const rules = probability >= thresholds.rulesFloor && isDanger(read)
    const numberQuestion =
      tokens.length <= NUMBER_QUESTION_WORDS && (asksForNumber(read) || asksAboutLaw(read)) && !rules
    const flagged =
      !onlyPleasantries(tokens) &&
      (rules || (probability >= thresholds.danger && !(numberQuestion && probability < NUMBER_QUESTION_DANGER)))
    const p = situation.probabilitiesOf(ids)
    const situations = situation.classes
      .map((name, i) => ({ situation: name as Situation, probability: p[i] as number }))
      .filter((s) => (SITUATIONS as readonly string[]).includes(s.situation))
      .sort((a, b) => b.probability - a.probability)
    return { danger: flagged, probability, offtopic, situations }
  }
}

let trained: Assessor | null = null

/** The trained model's assessment of a message (the model is decoded on first use). */
export function assess(text: string): Assessment {
  trained ??= createAssessor(MODEL)
  return trained(text)
}
