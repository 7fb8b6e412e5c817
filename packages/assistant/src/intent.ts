import { isDanger } from './danger.ts'
import { KNOWLEDGE } from './knowledge.ts'
import { compileAll, matchesAny, type Slot } from './patterns.ts'
import { type SearchHit, search } from './retrieve.ts'
import { keySet, tokenize } from './text.ts'
import type { Intent, KnowledgeEntry } from './types.ts'

/** Below this BM25 score the best entry is not taken as the answer (the message is 'unknown'). */
export const MIN_SCORE = 2

const GREETING = keySet(`
  hi hii hello helo hey hay namaste namaskar namasté salaam salam hola yo good morning afternoon evening
  नमस्ते नमस्कार हैलो
`)
const THANKS = keySet(`
  thanks thank thx shukriya shukria dhanyavad dhanyawad dhanyvad meherbani bye goodbye alvida tata धन्यवाद शुक्रिया
`)
/** Words that may stand beside a greeting or thanks ("hi saathi", "thank you so much", "ok thanks ji"). */
const SMALL_TALK = keySet(`
  you so much very a lot ok okay saathi sathi there ji bhai di didi dear all wings again bahut aap helpful for the
  help your bye bahot sab
`)

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

function entryById(id: string): KnowledgeEntry {
  const entry = KNOWLEDGE.find((e) => e.id === id)
  if (!entry) throw new Error(`no knowledge entry ${id}`)
  return entry
}

function onlyWords(tokens: readonly string[], main: Set<string>): boolean {
  return tokens.some((t) => main.has(t)) && tokens.every((t) => main.has(t) || SMALL_TALK.has(t))
}

export interface Detected {
  intent: Intent
  /** The message signals immediate danger (rule in danger.ts). */
  danger: boolean
  /** The best entries for the message, best first (also for danger: what to do next). */
  hits: SearchHit[]
}

/** What a message is about: danger first, then greetings and thanks, then the best entry of the knowledge base. */
export function detectIntent(text: string): Detected {
  const hits = search(text, 3).filter((hit) => hit.score >= MIN_SCORE)
  if (isDanger(text)) return { intent: 'danger', danger: true, hits }
  const tokens = tokenize(text)
  if (onlyWords(tokens, THANKS)) return { intent: 'thanks', danger: false, hits: [] }
  if (onlyWords(tokens, GREETING)) return { intent: 'greeting', danger: false, hits: [] }
  const best = hits[0]
  if (best) return { intent: best.entry.intent, danger: false, hits }
  const phrase = PHRASES.find(({ patterns }) => matchesAny(tokens, patterns))
  if (phrase) return { intent: phrase.entry.intent, danger: false, hits: [{ entry: phrase.entry, score: MIN_SCORE }] }
  return { intent: 'unknown', danger: false, hits: [] }
}
