import { compileAll, matches, matchesAny, type Slot } from './patterns.ts'
import { keySet, tokenize } from './text.ts'

/**
 * Does a message signal immediate danger? Then Saathi answers with SOS and the emergency numbers before anything
 * else. A false alarm costs her one extra line and a few buttons; a miss can cost much more, so every rule leans
 * towards yes.
 *
 * THE RULE. A message is danger when, after tokenizing (text.ts: spellings, Hinglish variants and repeated letters
 * folded), any of these holds:
 * 1. A cry: "bachao", "बचाओ", "save me", "let me go", "chhodo mujhe", "this is an emergency". Always danger.
 * 2. A call for help: "help me", "please help", "need help", "somebody help", "madad karo", "madad chahiye",
 *    "मदद करो". Danger unless it asks for help with a task ("help me plan a route", "I need help with reporting",
 *    "report karne mein madad") or asks about the assistant ("how can you help me?"). "Can you help me?" alone is
 *    danger: she may be too scared to say more.
 * 3. A message made only of alarm words and the little words around them (at most six words): "help!!",
 *    "helppp", "sos", "emergency", "I am scared", "bachao koi hai", "डर लग रहा". "help for survivors" or "sos
 *    settings" are not: they name a topic.
 * 4. A situation, in the first person and the present: being followed ("someone is following me", "koi peecha kar
 *    raha hai", "कोई मेरा पीछा कर रहा है"), fear ("I am scared", "I feel unsafe", "mujhe dar lag raha hai", "मुझे डर
 *    लग रहा है", "khatre mein"), a threat or violence against her, past or present ("he will hit me", "woh mujhe
 *    maarega", "my husband beats me", "he is touching me"), being harassed now ("someone is harassing me", "koi
 *    mujhe ched raha hai"), someone getting in ("someone is trying to break in"), a cab gone wrong ("the driver
 *    took a different route", "the driver is drunk").
 *    A situation is NOT danger when it is put as a hypothetical: a conditional word ("if", "when", "in case",
 *    "agar", "jab", "अगर", "जब") comes before it and no word of urgency ("now", "abhi", "अभी", "urgent") is in the
 *    message. So "what should I do if someone follows me?" is a how-to question and gets the guidance (which
 *    itself carries SOS and 112), while "what do I do, someone is following me" is danger.
 *    Being followed is not danger when it is about an online account ("he keeps following me on Instagram"), and
 *    being harassed is not when it is online or at work ("my boss is harassing me"): the harassment answers cover
 *    those. A threat of violence stays danger wherever it comes from.
 * Not handled on purpose: negation ("nobody is following me" is still danger) and past events told as stories
 * ("he hit me" is danger even if it was yesterday: he may still be there).
 * Ordinary questions stay ordinary: "how do I report harassment?", "what is the helpline number?", "help me plan a
 * route", "what is the emergency number?", "how does SOS work?".
 */

/** Rule 1: always danger. */
const CRIES = compileAll([
  'bachao|bachaoo|bachaw|bchao|bachaao|bachalo|bachaiye|bachaie|bachayo',
  'bacha lo|lijiye|lijie|do|lena',
  'बचाओ|बचाइए|बचाइये|बचाईए|बचालो',
  'बचा लो|लीजिए|दो',
  'save|rescue me|us',
  'get me out',
  'let me go',
  'leave me alone',
  'chodo|chhodo|chod|chhod|chhoddo mujhe',
  'mujhe chodo|chhodo|chod|chhod',
  'छोड़ो|छोड़ मुझे',
  'मुझे छोड़ो|छोड़',
  'this|it is *1 emergency',
  'emergency hai',
  'इमरजेंसी है',
])

/** Rule 2: calls for help, unless followed by a task or asked about the assistant. */
const HELP_CALLS = compileAll([
  'help|halp me|us',
  'please help',
  'help please',
  'need|needs|want help',
  'someone|somebody|anyone|anybody|koi help',
  'help karo|kijiye|chahiye|kar|do',
  'madad|madat karo|kijiye|kijie|chahiye|kar|karein|do|karna',
  'मदद|हेल्प करो|कीजिए|चाहिए|कर|करें|दो',
  'meri|mere madad|madat',
  'मेरी मदद',
  'koi hai',
  'कोई है',
])
/** Words after "help me" that make it a request for a task, not a cry. */
const TASK = keySet(`
  plan find choose pick use understand report write install download save set setup learn know with about on for make
  add change edit delete read post create check decide figure compare book open calculate score share
`)
/** Words skipped between a call for help and the task word ("help me to plan", "help me please with"). */
const FILLER = keySet('to please')
/** Question words that, at the start and before "you help", make it a question about the assistant. */
const QUESTION = keySet('how what which where')
/** Hinglish and Hindi: "aap meri madad kaise kar sakti ho" (how can you help me) is about the assistant. */
const YOU = keySet('aap ap tum आप')
const HOW = keySet('kaise कैसे')
/** Before "madad": help in doing something ("report karne mein madad"). */
const IN_DOING = keySet('mein me main में')
const MY = keySet('meri mere मेरी')

/** Rule 3: alarm words, and the words that may stand beside them in a message that is only a cry. */
const ALARM = keySet(`
  help halp madad madat मदद हेल्प bachao sos danger emergency scared afraid terrified unsafe dar darr डर khatra
  khatre खतरा खतरे attack attacked followed stalked police पुलिस
`)
const CRY_FILLER = keySet(`
  me us please i am is are so very really too now someone somebody anyone oh god quick quickly fast urgent the a it
  right abhi jaldi koi hai mujhe mera meri main mai hu hoon hun karo kar do chahiye yaar bhai mein lag raha rahi
  अभी जल्दी कोई है मुझे मेरी मैं हूं करो चाहिए लग रहा रही
`)

/** Rule 4: situations, not danger when put as a hypothetical. */
const SITUATIONS = compileAll([
  // Followed (Hindi and Hinglish; the English ones are in FOLLOWED).
  'picha|pecha|pichha kar|karta|karti|karte|kiya|karna',
  'mera|meri|mere|mujhe|hamara picha|pecha',
  'koi|ek|vo|ladka|ladke|admi|aadmi|banda|log *3 picha|pecha|pichhe|piche',
  'पीछा कर|करता|करती|करते|किया',
  'मेरा|मेरे|मुझे|हमारा पीछा',
  'पीछे पड़ा|पड़े|आ',
  'someone|somebody|man|men|guy|guys|boy|boys|he|they|stranger|car|bike *3 behind me|us',
  'mere|hamare piche|pichhe',
  'ghur|ghoor|ghurna|ghoorna raha|rahe|rahi|kar',
  // Fear.
  'i|we *1 am|are|feel|felt|was|were|get|getting|got *2 scared|afraid|terrified|frightened|panic|panicking|unsafe|trapped|danger|shaking',
  'i|we *1 am|are|feel|felt|do|was *2 not *1 safe',
  'i|we *1 am|are|got|get lost',
  'dari|dara|dare|sahmi hui|hua|hue|hu|hun',
  'डरी|डरा|डरे|सहमी हुई|हुआ|हुए|हु',
  'in danger',
  'mujhe|hum|ham|mai|main|mein|me *2 dar|darr|ghabra|ghabrahat',
  'dar|darr lag|lg|rahi|raha|gayi|gai|gaya',
  'khatre|khatra|khatare mein|me|main|hai|hu|hoon',
  'मुझे|मैं|मै|हम *2 डर|घबरा',
  'डर लग|लगता|रहा|रही|रहे|गई|गया',
  'खतरे में|मे',
  'असुरक्षित महसूस',
  'मैं|मै|हम|मुझे *2 सुरक्षित नहीं',
  'mai|main|mein|me|hum|ham *2 safe|surakshit nahi',
  // Threats and violence against her.
  'will|would|going|gonna|trying|try|tried|threaten|threatening|threatened|wants|want|wanna *3 hit|kill|hurt|beat|rape|attack|kidnap|murder|slap|burn|stab|harm|shoot|acid|strangle|choke|touch|grab',
  'hit|hits|kill|hurt|beat|rape|attack|kidnap|slap|choke|strangle|grab|stab|punch|kick|molest|assault|grope|burn|drag|threaten me|us|my',
  'being attack|rape|assault|molest|beat|kidnap|grope|touch|hit',
  'is|are|keeps *2 touch|touching|grope|rub|press|pinch|flash|masturbate me|my|against',
  'shout|shouting|yell|yelling|scream|screaming at me|us',
  'expose|exposed|exposing|flash|flashed|flashing himself|themselves|me',
  'has|have|had|holding|with|pulled|showing|pointing *2 knife|gun|weapon|pistol|blade|acid|rod',
  'chaku|chaaku|chhuri|churi|bandook|bandu|pistol *3 hai|dikha|dikhaya|nikala|leke|lekar',
  'चाकू|छुरी|बंदूक|पिस्तौल',
  'marega|marenge|maregi|mardega|mardalega|pitega|pitenge',
  'jaan se mar|marega|mardega',
  'mar|pit|peet dega|dalega|dalenge|dalunga|denge|raha|rahe|rahi|diya|dala',
  'mujhe|hame|humko *2 mar|marta|marte|marti|pit|pitta|pitai|peet|chu|chhu|touch',
  'chu|chhu|touch kar|raha|rahe|rahi',
  'ched|chhed|chedkhani|chhedkhani raha|rahe|rahi|kar|ho',
  'मारेगा|मारेंगे|मारेगी|मारता|मारते|पीटता|पीटते|पीटेगा',
  'मार|पीट देगा|डालेगा|रहा|रहे|रही|दिया',
  'छेड़ रहा|रहे|रही',
  'छेड़छाड़ कर|हो',
  'छू रहा|रहे|रही',
  // Someone getting in.
  'someone|somebody|man|men|stranger|he|they|koi *4 outside|inside|at my|the door|house|room|home|window',
  'someone|somebody|stranger|koi *2 in my|the house|room|home',
  'trying|tries|try|tried *2 break|enter',
  'break|breaking|broke|broken in|into',
  'banging|bang|knock|knocking *3 door|window',
  'ghar|room|kamre|kamra *2 ghus|ghusa|ghusne',
  'घर|कमरे *2 घुस|घुसा',
  'lock|locked me|us',
  'i|am|we|are|been|got *1 lock|locked in|inside',
  // A cab gone wrong.
  'driver|cab|auto|taxi|uber|ola|rickshaw *5 wrong|different|isolated|lonely|drunk|touch|touching|refuse|refusing|galat|sunsan|nashe|nasha',
  'he|driver|they *3 lock|locked *2 door|doors|car|gadi|gaadi|me|us|kar',
  'driver|cab|auto|taxi|uber|ola|rickshaw *5 not|nahi *2 stop|stopping|rok|ruk',
  'driver|cab|auto|taxi|uber|ola|rickshaw *5 off|band|switched',
  'not|nahi *2 stop|stopping|rok|ruk *2 car|cab|auto|vehicle|gadi|gaadi',
  'gadi|gaadi|car|cab|auto *3 rok|ruk nahi|not',
  'wrong|different cab|car|auto|taxi|vehicle',
])
/** Followed in English: not danger when it is about an online account ("following me on Instagram"). */
const FOLLOWED = compileAll([
  'follow|stalk|chase me|us',
  'being follow|stalk|chase|watch|track',
  'is|are|keeps|keep|kept|been|started|still *2 watch|stare me|at',
])
/** Harassed now: not danger when it is online or at work (the harassment answers cover it). */
const HARASSED = compileAll([
  'is|are *1 harass|tease|misbehave|bother|abuse me|us',
  'i|am|we|are *1 being harass|abuse',
  'pareshan|tang kar *1 raha|rahe|rahi',
  'परेशान|तंग कर *1 रहा|रहे|रही',
])

const CONDITIONAL = keySet('if when whenever suppose agar jab अगर जब')
const URGENCY = keySet('now abhi अभी currently immediately jaldi जल्दी urgent hurry asap')
const ONLINE = keySet(`
  online internet instagram insta facebook fb whatsapp dm chat email social media snapchat telegram twitter profile
  account cyber follower
`)
const WORK = keySet('work office boss colleague manager coworker job company')

/** "in case": the conditional in two words. */
function conditionalAt(tokens: readonly string[], i: number): boolean {
  const token = tokens[i] as string
  return CONDITIONAL.has(token) || (token === 'case' && tokens[i - 1] === 'in')
}

/** Is a situation found at `start` put as a hypothetical (a conditional before it, and no urgency)? */
function hypothetical(tokens: readonly string[], start: number): boolean {
  if (tokens.some((t) => URGENCY.has(t))) return false
  for (let i = 0; i < start; i++) if (conditionalAt(tokens, i)) return true
  return false
}

/** Rule 2. */
function callForHelp(tokens: readonly string[]): boolean {
  const aboutAssistant =
    (QUESTION.has(tokens[0] as string) || tokens.some((t) => HOW.has(t))) && tokens.some((t) => YOU.has(t))
  for (const slots of HELP_CALLS) {
    for (const [start, end] of matches(tokens, slots)) {
      const before = tokens[start - 1]
      // "report karne mein madad": help in doing something.
      if (before !== undefined && IN_DOING.has(before) && !MY.has(tokens[start] as string)) continue
      // "how can you help me", "aap meri madad kaise kar sakti ho": about the assistant.
      if (aboutAssistant || (QUESTION.has(tokens[0] as string) && before === 'you')) continue
      let next = end
      while (next < tokens.length && FILLER.has(tokens[next] as string)) next++
      if (next < tokens.length && TASK.has(tokens[next] as string)) continue
      return true
    }
  }
  return false
}

/** Rule 3: a message made only of alarm words and fillers ("help!!", "sos", "i am scared", "bachao koi hai"). */
function onlyACry(tokens: readonly string[]): boolean {
  return (
    tokens.length <= 6 && tokens.some((t) => ALARM.has(t)) && tokens.every((t) => ALARM.has(t) || CRY_FILLER.has(t))
  )
}

/** Rule 4: a situation that is not put as a hypothetical nor exempted by its context. */
function situation(tokens: readonly string[], groups: readonly Slot[][], exempt: boolean): boolean {
  if (exempt) return false
  for (const slots of groups) {
    for (const [start] of matches(tokens, slots)) if (!hypothetical(tokens, start)) return true
  }
  return false
}

export function isDanger(text: string): boolean {
  const tokens = tokenize(text)
  if (tokens.length === 0) return false
  if (matchesAny(tokens, CRIES)) return true
  if (onlyACry(tokens) || callForHelp(tokens)) return true
  const online = tokens.some((t) => ONLINE.has(t))
  const work = tokens.some((t) => WORK.has(t))
  return (
    situation(tokens, SITUATIONS, false) ||
    situation(tokens, FOLLOWED, online) ||
    situation(tokens, HARASSED, online || work)
  )
}
