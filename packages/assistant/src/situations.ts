/**
 * The situations of immediate danger Saathi tells apart (the danger classes of the classifier, the kinds of the
 * corpus), and the numbers each answer offers after SOS and 112. Why these numbers: docs/helplines.md.
 */

export const SITUATIONS = [
  'followed',
  'harassed',
  'cab',
  'transit',
  'home',
  'intruder',
  'group',
  'drugged',
  'friend',
  'assault',
  'selfharm',
  'child',
  'acid',
  'kidnap',
  'injured',
  'threat',
  'general',
] as const

export type Situation = (typeof SITUATIONS)[number]

/** The languages Saathi answers in: Hindi and Marathi when she writes in Devanagari, else English. */
export type Language = 'en' | 'hi' | 'mr'

/** The classifier's classes: two that are not danger, then the situations. */
export const CLASSES = ['safe', 'offtopic', ...SITUATIONS] as const
export type ClassName = (typeof CLASSES)[number]

/** A message's kind in the corpus or an evaluation set, as in corpus/README.md. */
export type Kind =
  | Situation
  | 'past'
  | 'hypothetical'
  | 'negated'
  | 'question'
  | 'support'
  | 'harmless'
  | 'fact'
  | 'howto'

export const isSituation = (kind: string): kind is Situation => (SITUATIONS as readonly string[]).includes(kind)

/** The class a corpus kind trains: every situation its own, harmless talk 'offtopic', the rest 'safe'. */
export const classOf = (kind: Kind): ClassName => (isSituation(kind) ? kind : kind === 'harmless' ? 'offtopic' : 'safe')

/** The numbers offered after SOS and 112, as buttons, for each situation. */
export const SITUATION_NUMBERS: Readonly<Record<Situation, readonly string[]>> = {
  followed: ['181'],
  harassed: ['181'],
  cab: ['181'],
  transit: ['139'],
  home: ['181'],
  intruder: [],
  group: ['181'],
  drugged: ['108'],
  friend: [],
  assault: ['181', '108'],
  selfharm: ['14416'],
  child: ['1098'],
  acid: ['108'],
  kidnap: ['181'],
  injured: ['108'],
  threat: ['181'],
  general: ['181'],
}
