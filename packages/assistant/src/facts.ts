/**
 * The facts Saathi must get right (eval/README.md: a helpline number, a law, the Zero FIR, care within 72 hours),
 * how women ask for them in every language they type, and which one a message asks for.
 *
 * Each fact has words that name it (count 2: "ambulance", "অ্যাম্বুলেন্স", "रुग्णवाहिका", "rail madad", "498a")
 * and words that hint at it (count 1: "pregnant" for 102, "train" for 139, "online" for 1930); the fact with the
 * most (a phrase of more words counts more), and on a tie the one listed first (1091, police and women together,
 * before 181 and 100). A fact is the answer only when the message asks for what it is: a helpline when she asks
 * for a number or where to complain, writes its number, or writes only its name ("ambulance?", "rail madad"); a
 * law when she asks about the law or names an old IPC section; the Zero FIR and the 72 hours when she asks anything.
 * Asking for the list ("all helplines") is not asking for one. Words in every script are keyed
 * as lexicon.ts says, so typos and case endings still find them.
 */

import { type Ask, findAsks } from './asks.ts'
import { words } from './classifier/features.ts'
import { FACTS, type Fact } from './fact-list.ts'
import { keyed, Lexicon } from './lexicon.ts'

const list = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

interface Cue {
  fact: number
  weight: number
  /** An old IPC section. */
  section: boolean
  /** Part of the question (a name, a section), not of what she tells. */
  name: boolean
}

const NAME = 2
const HINT = 1
/** A helpline's number written in the message ("what is 1091", "102 hai ya 108"). */
const NUMBER_WRITTEN = 3
/** An old IPC section ("354D ab kya hai"): it asks about the law by itself. */
const SECTION = 3
/** Below this a fact is not taken as the one asked about (one name, or two hints). */
const MIN_SCORE = 2
/** A question for a fact is short: of a longer message only its end is read for one. */
export const FACT_CHARS = 400
/** A message this short that writes a helpline's number asks about it ("1090 lucknow", "112?"). */
const SHORT = 8
/**
 * Asked only where to go ("free legal help kaha milegi", "kahaniya kaha milegi"), a helpline is the answer when the
 * message is clearly about it: more than one name or topic.
 */
const CLEAR_SCORE = 3

const CUES = new Lexicon<Cue>(
  FACTS.flatMap((fact, i) => [
    ...list(fact.names).map((w) => [w, { fact: i, weight: NAME, section: false, name: true }] as const),
    ...list(fact.topics ?? '').map((w) => [w, { fact: i, weight: NAME, section: false, name: false }] as const),
    ...list(fact.hints ?? '').map((w) => [w, { fact: i, weight: HINT, section: false, name: false }] as const),
    ...list(fact.sections ?? '').map((w) => [w, { fact: i, weight: SECTION, section: true, name: true }] as const),
  ]),
)

/** "15 saal ki", "12 year old", "১৪ বছরের": an age under 18 says the one she asks about is a child. */
const AGE = new Lexicon(
  list(`saal, sal, years, year, yrs, yr, yo, varsh, varshachi, साल, वर्ष, वर्षांची, वर्षाची, वर्षांचा, বছর, বছরের, வயசு,
    வயது, ఏళ్ల, సంవత్సరాల, ವರ್ಷ, ವರ್ಷದ, વર્ષ, વર્ષની`).map((w) => [w, true] as const),
)
const ADULT = 18
const CHILD = FACTS.findIndex((fact) => fact.id === 'child')

/** Little words that may stand beside a fact's name in a message that only names it ("ambulance ka number?"). */
const FILLER = new Set(
  words(`the a an for of in on to at is are am i me my please pls plz ji na sir madam india bharat no
    ka ki ke ko me mein main pe par se liye lie wala wali wale hai hain h he ho cha chi che chya la sathi ahe aahe
    का की के को में पर से लिए वाला वाली है हैं चा ची चे च्या ला साठी आहे आहेत ना जी भारत
    এর জন্য আছে টা க்கு உள்ள இருக்கா కోసం కి ಗೆ ಗಾಗಿ ಇದೆ નો ની નું માટે છે`),
)
/** Words that start a yes-or-no question ("can i file it anywhere", "is 112 free", "क्या"). */
const QUESTION_START = new Set(words('can could is are do does should will would may kya क्या'))
/** Words that end one ("103 आहे का", "1091 hai kya"). */
const QUESTION_END = new Set(words('ka kya na का क्या ना'))
/** "no" asks for a number right after a fact's name, "which" or these ("mahila helpline no", "fire brigade ka no"). */
const NO = new Set(words('no nos num'))
const OF = new Set(words('ka ki ke cha chi che da di er का की के चा ची चे'))
/** Asking for the list ("all helplines", "list of emergency numbers", "सगळे नंबर"): the list answers, not one fact. */
const LIST = new Lexicon(
  list(`list, numbers, helplines, all helplines, all the helplines, all numbers, sabhi number, sabhi helpline,
    saare number, sare number, sagle number, sabhi, saare, sare, sagle, सभी, सारे, सगळे, सगळ्या, सर्व, সব নম্বর,
    সব হেল্পলাইন, সমস্ত, அனைத்து, எல்லா நம்பர், అన్ని నంబర్లు, అన్ని హెల్ప్‌లైన్, ಎಲ್ಲಾ ನಂಬರ್, ಎಲ್ಲಾ ಸಹಾಯವಾಣಿ,
    બધા નંબર, બધી હેલ્પલાઇન`).map((w) => [w, true] as const),
  true,
)

export interface AskedFact {
  fact: Fact
  score: number
}

export interface FactQuestion {
  /** The facts asked about, best first (a second when she names two: "100 hai ya 112?"). */
  facts: AskedFact[]
  /** What the message asks (a number, the law, how soon...), found anywhere in it. */
  asks: Set<Ask>
  /**
   * The message without its question (keys): without the words that ask, that name a helpline, and that say what
   * a law or a fact asked about is about. What is left says whether it is danger; little words aside.
   */
  rest: string[]
  /** How many words of the rest are not little words. */
  told: number
}

/**
 * What a message asks and which fact it is about: the facts it asks for (best first), or none when it does not ask
 * for one. `rest` is the message without its question: "he is following me what is the police number" leaves "he is
 * following me", which is still danger; "ambulance ka number" leaves nothing.
 */
export function askedFacts(text: string): FactQuestion {
  const end = text.length > FACT_CHARS ? text.slice(text.indexOf(' ', text.length - FACT_CHARS) + 1) : text
  const message = keyed(end)
  const { keys } = message
  const askSpans = findAsks(message)
  const asks = new Set(askSpans.map((f) => f.tag))
  const cues = CUES.find(message)
  const covered = new Set<number>()
  const cover = (f: { start: number; end: number }) => {
    for (let i = f.start; i < f.end; i++) covered.add(i)
  }
  askSpans.forEach(cover)
  const named = new Set<number>()
  for (const cue of cues) {
    // A name is part of the question ("ambulance", "rail madad"); a topic or a hint is part of what she tells
    // ("train", "suicide", "online"): kept in the rest.
    if (cue.tag.name) cover(cue)
    for (let i = cue.start; i < cue.end; i++) named.add(i)
  }
  const whatAt = new Set(askSpans.filter((f) => f.tag === 'what').map((f) => f.end - 1))
  keys.forEach((key, i) => {
    if (NO.has(key) && i > 0 && (named.has(i - 1) || whatAt.has(i - 1) || OF.has(keys[i - 1] as string))) {
      asks.add('number')
      covered.add(i)
    }
  })
  const written = new Set(keys.filter((key) => /^\d+$/.test(key)))
  const scores = FACTS.map(() => 0)
  for (const { start } of AGE.find(message)) {
    const age = Number(keys[start - 1])
    if (start > 0 && Number.isInteger(age) && age < ADULT) scores[CHILD] = (scores[CHILD] as number) + NAME
  }
  const sections = new Set<number>()
  // Each word counts once for a fact, in its longest phrase ("one stop centre", not "one stop" again).
  const counted = FACTS.map(() => new Set<number>())
  for (const { start, end, tag } of [...cues].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    const seen = counted[tag.fact] as Set<number>
    let overlaps = false
    for (let i = start; i < end; i++) overlaps ||= seen.has(i)
    if (overlaps) continue
    for (let i = start; i < end; i++) seen.add(i)
    // A longer phrase says more ("மகளிர் ஆணையம்", women's commission, over "மகளிர்", women).
    scores[tag.fact] = (scores[tag.fact] as number) + tag.weight + (end - start - 1)
    if (tag.section) sections.add(tag.fact)
  }
  FACTS.forEach((fact, i) => {
    if (fact.number && written.has(fact.number)) {
      scores[i] = (scores[i] as number) + NUMBER_WRITTEN
      keys.forEach((key, j) => {
        if (key === fact.number) covered.add(j)
      })
    }
  })
  // Only the name of a helpline, and what it is for ("ambulance?", "rail madad", "गर्भवती महिला के लिए एंबुलेंस");
  // "what is a one stop centre" asks what it is, which its own entry says.
  const content = keys.filter((key, i) => !covered.has(i) && !FILLER.has(key) && !named.has(i))
  const onlyNames = content.length === 0 && cues.some((cue) => cue.tag.name) && !asks.has('what')
  const question =
    asks.size > 0 ||
    end.includes('?') ||
    QUESTION_START.has(keys[0] as string) ||
    QUESTION_END.has(keys[keys.length - 1] as string) ||
    onlyNames
  // Two helplines written ("102 है या 108"): she asks which is which.
  const numbers = FACTS.filter((fact) => fact.number !== undefined && written.has(fact.number)).length
  const licensed = (fact: Fact, i: number): boolean => {
    if (fact.license === 'law') return asks.has('law') || sections.has(i)
    if (fact.license === 'question') return question
    const wrote = fact.number !== undefined && written.has(fact.number)
    return (
      asks.has('number') ||
      onlyNames ||
      (wrote && (question || keys.length <= SHORT || numbers > 1)) ||
      (asks.has('where') && (scores[i] as number) >= CLEAR_SCORE)
    )
  }
  const ranked = FACTS.map((fact, i) => ({ fact, score: scores[i] as number, i }))
    .filter(({ fact, score, i }) => score >= MIN_SCORE && licensed(fact, i))
    .sort((a, b) => b.score - a.score || a.i - b.i)
  const [best, ...others] = LIST.find(message).length > 0 ? [] : ranked
  const facts: AskedFact[] = []
  if (best) {
    facts.push({ fact: best.fact, score: best.score })
    // A second when she wrote its number, or as likely and answered elsewhere ("police ambulance number").
    const second = others.find(
      ({ fact, score }) =>
        (fact.number !== undefined && written.has(fact.number)) ||
        (score === best.score && fact.entry !== best.fact.entry),
    )
    if (second) facts.push({ fact: second.fact, score: second.score })
  }
  // Asked about a law or a fact, its topic is part of the question ("यौन उत्पीड़न बीएनएस धारा", "rape ke baad pep
  // kitne ghante"): what she asks about, not what she tells.
  if (best && best.fact.license !== 'helpline') for (const cue of cues) if (cue.tag.fact === best.i) cover(cue)
  const rest = keys.filter((_, i) => !covered.has(i))
  return { facts, asks, rest, told: rest.filter((key) => !FILLER.has(key)).length }
}
