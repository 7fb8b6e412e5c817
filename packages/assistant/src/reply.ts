import type { Catalog } from './answers/catalog.ts'
import { EN } from './answers/en.ts'
import { HI } from './answers/hi.ts'
import { MR } from './answers/mr.ts'
import { asksForNumber } from './asks.ts'
import { type Assessment, assess } from './assess.ts'
import type { Fact, TextFactId } from './fact-list.ts'
import type { AskedFact } from './facts.ts'
import { detectIntent } from './intent.ts'
import { ACTIONS } from './knowledge.ts'
import { detectLanguage } from './language.ts'
import { type Language, SITUATION_NUMBERS, type Situation } from './situations.ts'
import type { AssistantAction, AssistantReply, Intent, KnowledgeEntry } from './types.ts'

const CATALOGS: Readonly<Record<Language, Catalog>> = { en: EN, hi: HI, mr: MR }

/** The first line of every English answer to a message that signals danger. */
export const DANGER_LEAD = EN.lead

/** A situation the model finds less likely than this is not named: the answer is the general one. */
const SITUATION_MIN = 0.3
/** A second situation this likely adds its numbers to the buttons ("he hit me and I am bleeding"). */
const ALSO_MIN = 0.25
/** A second entry this close to the best adds its buttons: the question may be about either ("check a route before a cab"). */
const CLOSE_SECOND = 0.8
const MAX_BUTTONS = 5

/** Follow-up questions offered as chips, per intent (none of them is itself a danger message). */
const SUGGESTIONS: Record<Intent, readonly string[]> = {
  danger: ['What to do when followed?', 'How does SOS work?', 'How do I share my live location?'],
  greeting: ['Which helplines should I know?', 'How do I plan a safe route?', 'Safety tips for walking at night'],
  thanks: ['Safety tips', 'How do I add trusted contacts?', 'Which helplines should I know?'],
  helplines: ['What is 181 for?', 'How does SOS work?', 'How do I file a police complaint?'],
  followed: ['How do I share my live location?', 'How does SOS work?', 'What is stalking?'],
  harassment: ['How do I report an incident?', 'How do I file a police complaint?', 'What is 181 for?'],
  cab: ['How do I share my live location?', 'How does the check-in timer work?', 'How do I plan a safe route?'],
  home: ['How do I make a safety plan?', 'What is 181 for?', 'How does Quick exit work?'],
  survivor: ['What is a One Stop Centre?', 'What are my rights after an assault?', 'How can I support a friend?'],
  app: ['How does SOS work?', 'How do I plan a safe route?', 'What works offline?'],
  tips: ['How do I plan a safe route?', 'How do I share my live location?', 'Cab safety tips'],
  unknown: ['Which helplines should I know?', 'Safety tips', 'How do I plan a safe route?'],
}

const sameAction = (a: AssistantAction, b: AssistantAction) =>
  a.type === b.type &&
  (a.type === 'sos' ||
    (a.type === 'call' && b.type === 'call' && a.number === b.number) ||
    (a.type === 'open' && b.type === 'open' && a.to === b.to))

function merge(...lists: readonly (readonly AssistantAction[])[]): AssistantAction[] {
  const out: AssistantAction[] = []
  for (const list of lists) for (const action of list) if (!out.some((a) => sameAction(a, action))) out.push(action)
  return out
}

/** Buttons in her language: SOS and the calls are labelled by the catalog, screens keep their English names. */
function localized(actions: readonly AssistantAction[], catalog: Catalog): AssistantAction[] {
  return actions.map((action) => {
    if (action.type === 'sos') return { type: 'sos', label: catalog.sos }
    if (action.type === 'call') return { ...action, label: catalog.call(action.number) }
    if (action.to === '/help') return { ...action, label: catalog.helplines }
    return action
  })
}

const call = (number: string): AssistantAction => ({ type: 'call', label: `Call ${number}`, number })

/** The situations an answer speaks to: the likeliest (or the general one when none is likely), then a second. */
function situationsOf(assessment: Assessment): { main: Situation; also: Situation[] } {
  const [first, ...rest] = assessment.situations
  const main = first && first.probability >= SITUATION_MIN ? first.situation : 'general'
  const also = rest.filter((s) => s.probability >= ALSO_MIN && s.situation !== main).map((s) => s.situation)
  return { main, also }
}

/** A fact she asked for, in a line of her language: a helpline's line, or the catalog's line for a law or a time. */
function factLine(fact: Fact, catalog: Catalog): string {
  if (fact.number !== undefined) return catalog.numbers[fact.number] ?? ''
  return catalog.facts[fact.id as TextFactId]
}

/** The numbers of the helplines she asked for. */
const askedNumbers = (facts: readonly AskedFact[]): string[] =>
  facts.flatMap(({ fact }) => (fact.number === undefined ? [] : [fact.number]))

/**
 * The answer to a message that signals danger: SOS and 112 first, then what to do in her situation. A number or a
 * fact she asked for in the same message ("rail madad number", "police ka number, he is at the door") comes after.
 */
function dangerReply(
  text: string,
  assessment: Assessment,
  catalog: Catalog,
  language: Language,
  entries: KnowledgeEntry[],
) {
  const { main, also } = situationsOf(assessment)
  const { facts } = assessment
  // Else the most specific helpline entry found, not the list of them all.
  const helpline = entries.find((entry) => entry.intent === 'helplines' && entry.id !== 'helplines')
  const asked =
    facts.length > 0 ? askedNumbers(facts) : helpline && asksForNumber(text) ? (helpline.numbers ?? []).slice(0, 3) : []
  const numbers = [...[main, ...also].flatMap((s) => SITUATION_NUMBERS[s]), ...asked]
  const actions = merge([ACTIONS.sos, ACTIONS.call112], numbers.map(call))
  const askedLines =
    facts.length > 0
      ? facts.filter(({ fact }) => fact.number !== '112').map(({ fact }) => factLine(fact, catalog))
      : asked.flatMap((n) => (n === '112' ? [] : (catalog.numbers[n] ?? [])))
  return {
    intent: 'danger' as const,
    danger: true,
    situation: main,
    language,
    text: [catalog.lead, catalog.situations[main], ...askedLines].join('\n'),
    actions: localized(actions, catalog),
    entries,
    suggestions: [...SUGGESTIONS.danger],
  }
}

/**
 * A knowledge entry's answer in her language: helplines in Hindi and Marathi (the numbers she asked for first), the
 * rest in English for now.
 */
function entryText(entry: KnowledgeEntry, catalog: Catalog, first: readonly string[] = []): string {
  if (catalog === EN) return entry.text
  const own = entry.numbers ?? []
  const numbers = [...first.filter((n) => own.includes(n)), ...own.filter((n) => !first.includes(n))]
    .map((n) => catalog.numbers[n])
    .filter((line) => line !== undefined)
  if (numbers.length) return `${numbers.join('\n')}\n${catalog.numbersFooter}`
  return `${catalog.inEnglish}\n${entry.text}`
}

/**
 * The answer to a fact she asked for (facts.ts): the fact first, in a line ("102 Ambulance (mothers and infants):
 * ...", "Stalking is a crime under section 78..."), then the entry that says more. In English a helpline entry that
 * already starts with the number needs no line before it.
 */
function factText(facts: readonly AskedFact[], entry: KnowledgeEntry, catalog: Catalog): string {
  const numbers = askedNumbers(facts)
  const leads = facts
    .filter(({ fact }) => {
      if (fact.number === undefined) return true
      if (catalog === EN) return !entry.text.startsWith(`${fact.number} `)
      // In Hindi and Marathi the entry's own numbers are listed, the asked ones first.
      return !(entry.numbers ?? []).includes(fact.number)
    })
    .map(({ fact }) => factLine(fact, catalog))
  return [...leads, entryText(entry, catalog, numbers)].join('\n')
}

/**
 * Saathi's answer to a message. Danger first: a message that signals immediate danger (assess.ts) is answered with
 * SOS and 112, then what to do in her situation and its numbers. Otherwise greetings and thanks, the best entry of
 * the knowledge base, or an answer that offers the helplines and the main screens. In Hindi or Marathi when she
 * writes in Devanagari (language.ts).
 */
export function reply(text: string): AssistantReply {
  const language = detectLanguage(text)
  const catalog = CATALOGS[language]
  const assessment = assess(text)
  const { intent, hits } = detectIntent(text, assessment)
  const entries = hits.map((hit) => hit.entry)
  if (assessment.danger) return dangerReply(text, assessment, catalog, language, entries)
  const suggestions = [...SUGGESTIONS[intent]]
  const base = { intent, danger: false, language, entries, suggestions }
  if (intent === 'greeting')
    return { ...base, text: catalog.greeting, actions: localized([ACTIONS.sos, ACTIONS.helplines], catalog) }
  if (intent === 'thanks') return { ...base, text: catalog.thanks, actions: [] }
  const [best, second] = hits
  if (!best) {
    const actions = [ACTIONS.sos, ACTIONS.call112, ACTIONS.helplines, ACTIONS.planner, ACTIONS.report]
    return { ...base, text: catalog.unknown, actions: localized(actions, catalog) }
  }
  const near = second && second.score >= CLOSE_SECOND * best.score ? second.entry.actions : []
  const { facts } = assessment
  const factEntry = facts.some(({ fact }) => fact.entry === best.entry.id)
  // The numbers she asked for are the first buttons.
  const asked = factEntry ? askedNumbers(facts).map(call) : []
  const actions = merge(asked, best.entry.actions, near).slice(0, MAX_BUTTONS)
  // Asked for a number: the one she asked for, and the main ones in a line (she may have meant another).
  const oneNumber =
    best.entry.intent === 'helplines' && best.entry.id !== 'helplines' && (asked.length > 0 || asksForNumber(text))
  const answer = factEntry ? factText(facts, best.entry, catalog) : entryText(best.entry, catalog)
  return {
    ...base,
    text: oneNumber ? `${answer}\n${catalog.quickNumbers}` : answer,
    actions: localized(actions, catalog),
  }
}
