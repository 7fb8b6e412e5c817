/**
 * Is a message danger, and which situation? The trained model decides (classifier/), and the hand-written rules of
 * danger.ts stay as a safety net: a cry they recognise ("bachao", "help me") is danger even when the model is
 * unsure, unless the model is sure it is not. A message of greetings or thanks alone is never danger.
 *
 * A message that asks for a number, a law or a fact (facts.ts: "ambulance number", "போலீஸ் நம்பர் என்ன", "stalking
 * ki dhara") is judged without its question: the names of helplines and the words that ask make a message sound
 * like an emergency, and the answer to the question carries 112 anyway. What is left must say that something is
 * happening: "he is following me what is the police number" leaves "he is following me", which is danger;
 * "ambulance ka number kya hai" leaves nothing.
 */

import { features } from './classifier/features.ts'
import { MODEL } from './classifier/model.generated.ts'
import { Classifier, type StoredModel } from './classifier/model.ts'
import { isDanger } from './danger.ts'
import { type AskedFact, askedFacts, FACT_CHARS } from './facts.ts'
import { SITUATIONS, type Situation } from './situations.ts'
import { onlyPleasantries } from './small-talk.ts'
import { tokenize } from './text.ts'

/** The danger head's probability from which a message is danger (chosen on the dev set: eval/README.md). */
export const DANGER_THRESHOLD = 0.5
/** Below this the model is sure enough that a message the rules flag is not danger ("nobody is following me"). */
export const RULES_FLOOR = 0.25
/** A question with fewer words than this left is not read as telling anything ("bachon ki helpline" leaves one). */
const TOLD_WORDS = 2
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
  /** The facts the message asks for (a helpline, a law...), best first (facts.ts). */
  facts: AskedFact[]
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
  const dangerOf = (text: string) => danger.probabilitiesOf(features(text))[2] ?? 0
  return (text) => {
    const read = text.length > 2 * READ_CHARS ? `${text.slice(0, READ_CHARS)} ${text.slice(-READ_CHARS)}` : text
    const ids = features(read)
    const [safe = 0, offtopicShare = 0, probability = 0] = danger.probabilitiesOf(ids)
    // Off topic among the messages that are not danger.
    const offtopic = offtopicShare / (safe + offtopicShare || 1)
    const tokens = tokenize(read)
    const question = askedFacts(read)
    // A long message is judged whole: what it tells may be far from its question.
    const asking =
      read.length <= FACT_CHARS && (question.facts.length > 0 || [...question.asks].some((ask) => ask !== 'what'))
    // Judged without its question too: what is left must be danger as well as the whole ("police number" is not).
    const told = asking
      ? question.told >= TOLD_WORDS
        ? Math.min(probability, dangerOf(question.rest.join(' ')))
        : 0
      : probability
    const rules = Math.max(probability, told) >= thresholds.rulesFloor && isDanger(read)
    const flagged = !onlyPleasantries(tokens) && (rules || told >= thresholds.danger)
    const p = situation.probabilitiesOf(ids)
    const situations = situation.classes
      .map((name, i) => ({ situation: name as Situation, probability: p[i] as number }))
      .filter((s) => (SITUATIONS as readonly string[]).includes(s.situation))
      .sort((a, b) => b.probability - a.probability)
    return { danger: flagged, probability, offtopic, situations, facts: question.facts }
  }
}

let trained: Assessor | null = null

/** The trained model's assessment of a message (the model is decoded on first use). */
export function assess(text: string): Assessment {
  trained ??= createAssessor(MODEL)
  return trained(text)
}
