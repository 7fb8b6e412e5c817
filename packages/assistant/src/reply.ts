import { detectIntent } from './intent.ts'
import { ACTIONS } from './knowledge.ts'
import type { AssistantAction, AssistantReply, Intent } from './types.ts'

/** The first line of every answer to a message that signals danger. */
export const DANGER_LEAD = 'If you are in danger now: press SOS or call 112.'

const DANGER_TEXT =
  `${DANGER_LEAD} SOS offers Call 112 at once and sends your position to your trusted contacts.\n` +
  'Move towards people and light (a shop, a petrol pump, a crowd) and call someone you trust. ' +
  '1091 is the Women helpline; 181 helps with violence at home.'

const GREETING_TEXT =
  'Namaste, I am Saathi. Ask me about helplines, safe routes, what to do if you are followed or harassed, ' +
  'cab safety, support after violence, or how to use Wings.\nIf you are in danger, press SOS or call 112.'

const THANKS_TEXT = 'You are welcome. Take care, and come back whenever you need me.'

const UNKNOWN_TEXT =
  'I am not sure I understood. I can help with helplines, safe routes, what to do if you are followed or ' +
  'harassed, cab safety, violence at home, support after an assault, and how to use Wings.\n' +
  'If you are in danger, press SOS or call 112. 1091 is the Women helpline, 181 the helpline for violence at home.'

/** The danger actions, in this order, lead every danger answer. */
export const DANGER_ACTIONS: readonly AssistantAction[] = [
  ACTIONS.sos,
  ACTIONS.call112,
  ACTIONS.call1091,
  ACTIONS.call181,
]

const UNKNOWN_ACTIONS: readonly AssistantAction[] = [
  ACTIONS.sos,
  ACTIONS.call112,
  ACTIONS.helplines,
  ACTIONS.planner,
  ACTIONS.report,
]

/** Follow-up questions offered as chips, per intent (none of them is itself a danger message). */
const SUGGESTIONS: Record<Intent, readonly string[]> = {
  danger: ['What to do when followed?', 'How does SOS work?', 'How do I share my live location?'],
  greeting: ['Which helplines should I know?', 'How do I plan a safe route?', 'Safety tips for walking at night'],
  thanks: ['Safety tips', 'How do I add trusted contacts?', 'Which helplines should I know?'],
  helplines: ['What is 181 for?', 'How does SOS work?', 'How do I file a police complaint?'],
  followed: ['How do I share my live location?', 'How does SOS work?', 'What is stalking?'],
  harassment: ['How do I report an incident?', 'How do I file a police complaint?', 'What is 1091 for?'],
  cab: ['How do I share my live location?', 'How does the check-in timer work?', 'How do I plan a safe route?'],
  home: ['How do I make a safety plan?', 'What is 181 for?', 'How does Quick exit work?'],
  survivor: ['What is a One Stop Centre?', 'What are my rights after an assault?', 'How can I support a friend?'],
  app: ['How does SOS work?', 'How do I plan a safe route?', 'What works offline?'],
  tips: ['How do I plan a safe route?', 'How do I share my live location?', 'Cab safety tips'],
  unknown: ['Which helplines should I know?', 'Safety tips', 'How do I plan a safe route?'],
}

/** Intents whose entries say what to do in a situation: one of them may follow the danger lines. */
const SITUATION_INTENTS: ReadonlySet<Intent> = new Set(['followed', 'harassment', 'cab', 'home', 'survivor'])

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

/**
 * Saathi's answer to a message. Danger first: a message that signals immediate danger is answered with SOS and the
 * emergency numbers, then what to do in that situation when an entry fits. Otherwise greetings and thanks, the best
 * entry of the knowledge base, or an answer that offers the helplines and the main screens.
 */
export function reply(text: string): AssistantReply {
  const { intent, danger, hits } = detectIntent(text)
  const entries = hits.map((hit) => hit.entry)
  const suggestions = [...SUGGESTIONS[intent]]
  const best = entries[0]
  if (danger) {
    // What to do in her situation, when an entry about one fits ("followed", "cab"...): not an app or helpline page.
    const situation = entries.find((entry) => SITUATION_INTENTS.has(entry.intent))
    return {
      intent,
      danger,
      text: situation ? `${DANGER_TEXT}\n\n${situation.text}` : DANGER_TEXT,
      actions: merge(DANGER_ACTIONS, situation?.actions ?? []),
      entries,
      suggestions,
    }
  }
  if (intent === 'greeting')
    return { intent, danger, text: GREETING_TEXT, actions: [ACTIONS.sos, ACTIONS.helplines], entries, suggestions }
  if (intent === 'thanks') return { intent, danger, text: THANKS_TEXT, actions: [], entries, suggestions }
  if (!best) return { intent, danger, text: UNKNOWN_TEXT, actions: [...UNKNOWN_ACTIONS], entries, suggestions }
  return { intent, danger, text: best.text, actions: [...best.actions], entries, suggestions }
}
