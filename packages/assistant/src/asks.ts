import { type Found, type Keyed, keyed, Lexicon } from './lexicon.ts'

/**
 * What a message asks for, in the languages women type: a phone number ("police ka number", "নম্বর কত", "ಸಂಖ್ಯೆ",
 * "kisko call karu"), the law ("kaunsi dhara", "कोणतं कलम", "எந்த பிரிவு"), how soon ("kitne ghante", "किती
 * तासांत", "কত ঘণ্টা"), where to complain ("website", "shikayat kahan"), or what something is ("zero fir kya hai",
 * "ಎಂದರೇನು"). Words are listed as typed, in each script; lexicon.ts keys them (endings and one typo allowed).
 */
export type Ask = 'number' | 'law' | 'time' | 'where' | 'what'

/** A comma-separated list: each item a word or a phrase. */
const list = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

const ASK_WORDS: Readonly<Record<Ask, string>> = {
  number: `number, numbers, numbr, nmbr, numbar, nambar, namber, nambr, numer, numbor, contact number, phone number,
    mobile number, helpline, helplines, helpline number, help line, hotline, toll free, tollfree,
    नंबर, नम्बर, नंबरों, नंबर्स, क्रमांक, संपर्क क्रमांक, हेल्पलाइन, हेल्पलाईन, हेल्प लाइन, टोल फ्री,
    নম্বর, নাম্বার, নং, হেল্পলাইন, হেল্প লাইন, টোল ফ্রি,
    நம்பர், எண், ஹெல்ப்லைன், ஹெல்ப் லைன், உதவி எண், உதவி மையம், தொடர்பு எண்,
    నంబర్, నంబరు, నెంబర్, నెంబరు, సంఖ్య, హెల్ప్‌లైన్, హెల్ప్ లైన్, సహాయ కేంద్రం, టోల్ ఫ్రీ,
    ನಂಬರ್, ನಂಬರು, ಸಂಖ್ಯೆ, ಸಹಾಯವಾಣಿ, ಹೆಲ್ಪ್‌ಲೈನ್, ಹೆಲ್ಪ್ ಲೈನ್, ಟೋಲ್ ಫ್ರೀ,
    નંબર, નમ્બર, ક્રમાંક, હેલ્પલાઇન, હેલ્પ લાઇન, ટોલ ફ્રી`,
  law: `section, sections, sec, dhara, dhaara, kalam, kalm, bns, ipc, bnss, law, laws, legal section, kanoon, kanun,
    kaanoon, kayda, kayada, punishment, punishable, saza, saja, sazaa, offence, offense, illegal, a crime, crime hai,
    bharatiya nyaya sanhita, nyaya sanhita,
    धारा, कलम, कलमात, कलमाखाली, कलमांतर्गत, कानून, क़ानून, कायदा, कायद्या, सजा, सज़ा, अपराध है, गुन्हा आहे, आईपीसी, बीएनएस, न्याय संहिता,
    ধারা, আইন, আইনে, শাস্তি, অপরাধ কি, বিএনএস, আইপিসি,
    பிரிவு, சட்டம், சட்டப் பிரிவு, சட்ட பிரிவு, தண்டனை, ஐபிசி,
    సెక్షన్, సెక్షను, సెక్షన్లు, చట్టం, శిక్ష, ఐపీసీ,
    ಸೆಕ್ಷನ್, ಕಲಂ, ಕಾನೂನು, ಶಿಕ್ಷೆ, ಐಪಿಸಿ,
    કલમ, કાયદો, કાયદા, સજા, સેક્શન, આઈપીસી`,
  time: `how many hours, how many days, how soon, how long, how late, time limit, within, hours, hrs, deadline,
    kitne ghante, kitne din, kitne time, kitni der, kitne samay, kab tak, ghante, ghanto, kiti tas, kiti vel, tasat,
    कितने घंटे, कितने दिन, कितनी देर, कितने समय, कब तक, घंटे, घंटों, किती तास, किती तासांत, किती दिवस, किती वेळ, किती वेळात, तास, तासांत, तासात, तासांच्या,
    কত ঘণ্টা, কত ঘন্টা, কত দিন, কতক্ষণ, কত সময়, ঘণ্টা, ঘন্টা,
    எத்தனை மணி, எத்தனை நாள், எவ்வளவு நேரம், மணி நேர, மணிநேர,
    ఎన్ని గంటల, ఎన్ని గంటలు, ఎన్ని రోజుల, ఎంత సమయం, ఎంత సేపు, గంటల, గంటలు,
    ಎಷ್ಟು ಗಂಟೆ, ಎಷ್ಟು ದಿನ, ಎಷ್ಟು ಸಮಯ, ಗಂಟೆ, ಗಂಟೆಗಳ,
    કેટલા કલાક, કેટલા દિવસ, કેટલો સમય, કલાક`,
  where: `website, websites, site, portal, web site, online complaint, वेबसाइट, वेबसाईट, पोर्टल, ওয়েবসাইট, পোর্টাল,
    வெப்சைட், இணையதளம், వెబ్‌సైట్, వెబ్ సైట్, ವೆಬ್‌ಸೈಟ್, ಜಾಲತಾಣ, વેબસાઇટ, વેબસાઈટ`,
  what: `what, whats, wat, wht, which, kya, kay, kaay, kaun, kaunsa, kaunsi, konsa, konsi, kon, konta, konti, konte,
    kontya, mhanje, matlab, meaning, means, called, kehte, tell, batao, bataye, bataiye, bata, btao, dena, dijiye,
    de do, dedo, sanga, sangaa, give me,
    क्या, कौन, कौनसा, कौनसी, काय, कोणता, कोणती, कोणते, कोणत्या, कोणतं, म्हणजे, मतलब, बताओ, बताइए, बताएं, बताइये,
    दीजिए, दीजिये, दे दो, द्या, सांगा, सांग,
    কী, কি, কোন, কোনটা, কত, মানে, বলুন, বলো, দিন, দাও, জানান,
    என்ன, எது, எந்த, என்றால், சொல்லுங்க, சொல்லுங்கள், சொல்லு, குடுங்க, கொடுங்கள்,
    ఏమిటి, ఏది, ఏంటి, ఎంత, అంటే, చెప్పండి, చెప్పు, ఇవ్వండి,
    ಏನು, ಯಾವುದು, ಯಾವ, ಎಷ್ಟು, ಎಂದರೇನು, ಎಂದರೆ, ಹೇಳಿ, ಕೊಡಿ,
    શું, કયો, કઈ, કયું, કયા, એટલે, આપો, કહો, જણાવો`,
}

/**
 * Asking whom to call or where to go, in two parts: a question word and, within a few words, a verb ("kisko phone
 * karu", "who do i call", "কোথায় অভিযোগ করব", "ಯಾರಿಗೆ ಕರೆ ಮಾಡಲಿ"). Whom or where to call asks for a number; where
 * to complain or to get help asks where.
 */
const WHO_WHERE = `who, whom, where, kisko, kise, kisse, kis, kaha, kahan, kidhar, kuthe, kunala, konala, kona,
  किसको, किसे, किससे, किस, कहां, कहाँ, किधर, कोणाला, कुणाला, कुठे, কাকে, কোথায়, কার, யாருக்கு, யாரை, எங்கே, எங்க,
  ఎవరికి, ఎవరిని, ఎక్కడ, ಯಾರಿಗೆ, ಯಾರನ್ನು, ಎಲ್ಲಿ, કોને, ક્યાં`
const CALL = `call, cal, phone, fone, dial, ring, contact, lagau, lagaun, milau, कॉल, काल, फोन, फ़ोन, मिलाऊं, मिलाएं,
  ফোন, কল, கால், போன், ஃபோன், கூப்பிட, కాల్, ఫోన్, ಕರೆ, ಕಾಲ್, ಫೋನ್, ફોન, કોલ`
const COMPLAIN_GET = `complaint, complain, report, file, shikayat, takrar, get, milegi, milega, milel, milte, शिकायत,
  तक्रार, मिलेगी, मिलेगा, मिळेल, অভিযোগ, পাব, পাওয়া, புகார், கிடைக்கும், ఫిర్యాదు, దొరుకుతుంది, ದೂರು, ಸಿಗುತ್ತದೆ,
  ಸಿಗುತ್ತೆ, ફરિયાદ, મળશે`
/** How near the two parts must be (keys apart). */
const PAIR_REACH = 4

type Part = Ask | 'who' | 'call' | 'complain'

const ASKS = new Lexicon<Part>([
  ...(Object.keys(ASK_WORDS) as Ask[]).flatMap((ask) => list(ASK_WORDS[ask]).map((w) => [w, ask] as const)),
  ...list(WHO_WHERE).map((w) => [w, 'who'] as const),
  ...list(CALL).map((w) => [w, 'call'] as const),
  ...list(COMPLAIN_GET).map((w) => [w, 'complain'] as const),
])

/** Where the message asks, and for what. */
export function findAsks(message: Keyed): Found<Ask>[] {
  const found = ASKS.find(message)
  const asks = found.filter(
    (f): f is Found<Ask> =>
      f.tag !== 'who' &&
      f.tag !== 'call' &&
      f.tag !== 'complain' &&
      // "mother in law", "my in laws": family, not the law.
      !(f.tag === 'law' && message.keys[f.start - 1] === 'in' && /^la[wv]/.test(message.keys[f.start] as string)),
  )
  for (const who of found.filter((f) => f.tag === 'who')) {
    const near = (f: Found<Part>) => Math.abs(f.start - who.start) <= PAIR_REACH
    const call = found.find((f) => f.tag === 'call' && near(f))
    const complain = found.find((f) => f.tag === 'complain' && near(f))
    for (const [part, ask] of [
      [call, 'number'],
      [complain, 'where'],
    ] as const)
      if (part) asks.push({ start: Math.min(who.start, part.start), end: Math.max(who.end, part.end), tag: ask })
  }
  return asks
}

const asksOf = (text: string) => new Set(findAsks(keyed(text)).map((f) => f.tag))

/** Does the message ask for a phone number ("rail madad number", "police ka number", "नंबर", "kisko call karu")? */
export const asksForNumber = (text: string): boolean => asksOf(text).has('number')

/** Does it ask about the law ("stalking ki dhara", "which BNS section", "कोणत्या कलमात")? */
export const asksAboutLaw = (text: string): boolean => asksOf(text).has('law')
