/** What Saathi, the assistant, answers: pure data, the same in the browser and on the server. */

import type { Language, Situation } from './situations.ts'

/** A button under an answer. */
export type AssistantAction =
  /** Opens the SOS flow (the app's Emergency SOS). */
  | { type: 'sos'; label: string }
  /** A tel: link. */
  | { type: 'call'; label: string; number: string }
  /** A screen of the app, e.g. '/routeplanner', '/report', '/help', '/safety'. */
  | { type: 'open'; label: string; to: string }

/** What a message is about. 'danger' always comes first: she may be in immediate danger. */
export type Intent =
  | 'danger'
  | 'greeting'
  | 'thanks'
  | 'helplines'
  | 'followed'
  | 'harassment'
  | 'cab'
  | 'home'
  | 'survivor'
  | 'app'
  | 'tips'
  | 'unknown'

/** One entry of the knowledge base written for Wings. */
export interface KnowledgeEntry {
  id: string
  intent: Intent
  title: string
  /** The answer, plain text (shown as text). */
  text: string
  /** Extra words people use for this topic (English, Hindi, Hinglish), for retrieval. */
  keywords: readonly string[]
  actions: readonly AssistantAction[]
  /** The helplines the entry is about: in Hindi and Marathi, Saathi answers with them (answers/). */
  numbers?: readonly string[]
}

export interface AssistantReply {
  intent: Intent
  /** True when the message signals immediate danger: the reply leads with SOS and the emergency numbers. */
  danger: boolean
  /** For a danger answer: the situation it speaks to. */
  situation?: Situation
  /** The language of the answer: Hindi or Marathi when she wrote in it (in Devanagari), else English. */
  language: Language
  text: string
  actions: AssistantAction[]
  /** The entries the answer came from, best first (context for an optional language model). */
  entries: KnowledgeEntry[]
  /** Short follow-up questions to offer as chips. */
  suggestions: string[]
}
