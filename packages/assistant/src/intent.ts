import { asksAboutLaw, asksForNumber } from './asks.ts'
import { type Assessment, assess } from './assess.ts'
import { KNOWLEDGE } from './knowledge.ts'
import { compileAll, matchesAny, type Slot } from './patterns.ts'
import { type SearchHit, search } from './retrieve.ts'
import { smallTalk } from './small-talk.ts'
import { tokenize } from './text.ts'
import type { Intent, KnowledgeEntry } from './types.ts'

/** Below this BM25 score the best entry is not taken as the answer (the message is 'unknown'). */
export const MIN_SCORE = 2
/**
 * A message the model finds off topic (a film, the weather) is answered from the knowledge base only when an entry
 * matches it strongly: a stray word ("daughter" in a question about a film) must not bring a helpline.
 */
const OFFTOPIC_MIN = 0.8
const STRONG_SCORE = 6

/**
 * Questions whose words are nearly all stopwords, so BM25 finds nothing: about Saathi or Wings itself, and where
 * to get help. Each goes to its entry.
 */
const PHRASES: readonly { patterns: Slot[][]; entry: KnowledgeEntry }[] = [
  {
    entry: entryById('app-saathi'),
    patterns: compileAll([
      'who|what are you',
      'what can|do|will you do',
      'how can|could|will|do you help',
      'what is|about wings|saathi',
      'help|madad with|about|for the? app|wings',
      'tum|aap|ap kaun|kon ho|hai|hain',
      'tum|aap|ap kya kar|karti|karte',
      'आप कौन',
    ]),
  },
  {
    entry: entryById('helplines'),
    patterns: compileAll([
      'get|find|seek|where *2 help',
      'madad|help kahan|kaha|kaise mil|milegi|milega',
      'मदद कहां|कैसे',
    ]),
  },
]

/** An entry that answers a fact she asked for (facts.ts) comes before any other, whatever BM25 says. */
const FACT_SCORE = 100

/** When no entry matches, a question for a number gets the whole list, and a question about the law the laws. */
const ASKS_FOR: readonly { asks: (text: string) => boolean; entry: KnowledgeEntry }[] = [
  { asks: asksForNumber, entry: entryById('helplines') },
  { asks: asksAboutLaw, entry: entryById('laws') },
]

function entryById(id: string): KnowledgeEntry {
  const entry = KNOWLEDGE.find((e) => e.id === id)
  if (!entry) throw new Error(`no knowledge entry ${id}`)
  return entry
}

export interface Detected {
  intent: Intent
  /** The message signals immediate danger (assess.ts). */
  danger: boolean
  /** The best entries for the message, best first (also for danger: what to do next). */
  hits: SearchHit[]
}

/**
 * What a message is about: danger first, then greetings and thanks, then the entry of a fact she asks for (a
 * helpline, a law), then the best entry of the knowledge base.
 */
export function detectIntent(text: string, assessment: Assessment = assess(text)): Detected {
  const found = search(text, 3).filter((hit) => hit.score >= MIN_SCORE)
  const facts = [...new Set(assessment.facts.map(({ fact }) => fact.entry))].map((id) => ({
    entry: entryById(id),
    score: FACT_SCORE,
  }))
  const withFacts = [...facts, ...found.filter((hit) => !facts.some((f) => f.entry === hit.entry))]
  if (assessment.danger) return { intent: 'danger', danger: true, hits: withFacts }
  const tokens = tokenize(text)
  const talk = smallTalk(tokens)
  if (talk && facts.length === 0) return { intent: talk, danger: false, hits: [] }
  const offtopic = assessment.offtopic >= OFFTOPIC_MIN && facts.length === 0
  let hits = offtopic ? found.filter((hit) => hit.score >= STRONG_SCORE) : withFacts
  // A question about the law gets the laws, every section with what it covers: not what to do when followed.
  if (facts.length === 0 && asksAboutLaw(text))
    hits = [{ entry: entryById('laws'), score: MIN_SCORE }, ...hits.filter((h) => h.entry.id !== 'laws')]
  const best = hits[0]
  if (best) return { intent: best.entry.intent, danger: false, hits }
  const phrase = PHRASES.find(({ patterns }) => matchesAny(tokens, patterns))
  if (phrase) return { intent: phrase.entry.intent, danger: false, hits: [{ entry: phrase.entry, score: MIN_SCORE }] }
  const asked = ASKS_FOR.find((topic) => topic.asks(text))
  if (asked) return { intent: asked.entry.intent, danger: false, hits: [{ entry: asked.entry, score: MIN_SCORE }] }
  return { intent: 'unknown', danger: false, hits: [] }
}
