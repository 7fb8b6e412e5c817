/**
 * The knowledge base written for Wings. Every phone number in it is one of the app's helplines (@wings/contract's
 * HELPLINES; a test checks). Texts are plain text; a line break separates steps.
 */

import { FEATURE_ENTRIES } from './knowledge/features.ts'
import { FOLLOWED_ENTRIES } from './knowledge/followed.ts'
import { HARASSMENT_ENTRIES } from './knowledge/harassment.ts'
import { HELPLINE_ENTRIES } from './knowledge/helplines.ts'
import { HOME_ENTRIES } from './knowledge/home.ts'
import { INDIC_KEYWORDS } from './knowledge/indic-keywords.ts'
import { SURVIVOR_ENTRIES } from './knowledge/survivors.ts'
import { TIP_ENTRIES } from './knowledge/tips.ts'
import { TRAVEL_ENTRIES } from './knowledge/travel.ts'
import type { KnowledgeEntry } from './types.ts'

export { ACTIONS, EMERGENCY } from './knowledge/actions.ts'

export const KNOWLEDGE: readonly KnowledgeEntry[] = [
  ...HELPLINE_ENTRIES,
  ...FOLLOWED_ENTRIES,
  ...HARASSMENT_ENTRIES,
  ...TRAVEL_ENTRIES,
  ...HOME_ENTRIES,
  ...SURVIVOR_ENTRIES,
  ...FEATURE_ENTRIES,
  ...TIP_ENTRIES,
].map((entry) => {
  const indic = INDIC_KEYWORDS[entry.id]
  return indic ? { ...entry, keywords: [...entry.keywords, ...indic] } : entry
})
