import { HELPLINES } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { EN } from './answers/en.ts'
import { HI } from './answers/hi.ts'
import { MR } from './answers/mr.ts'
import { findAsks } from './asks.ts'
import { FACTS, type FactId } from './fact-list.ts'
import { askedFacts } from './facts.ts'
import { KNOWLEDGE } from './knowledge.ts'
import { keyed } from './lexicon.ts'

const best = (text: string) => askedFacts(text).facts[0]?.fact.id

describe('the facts', () => {
  it('are the helplines of the app and the knowledge entries that explain them', () => {
    const numbers = new Set(HELPLINES.map((h) => h.number))
    for (const fact of FACTS) {
      if (fact.number) expect(numbers, fact.id).toContain(fact.number)
      expect(
        KNOWLEDGE.some((e) => e.id === fact.entry),
        fact.id,
      ).toBe(true)
    }
  })

  it('say each law, the Zero FIR and the 72 hours right in English, Hindi and Marathi', () => {
    const must = {
      stalking: ['78', '354D'],
      modesty: ['79', '509'],
      'sexual-harassment': ['75', '354A'],
      cruelty: ['85', '498A'],
      'zero-fir': ['Zero FIR', '173'],
      'after-assault': ['72', '24', '5'],
    }
    for (const catalog of [EN, HI, MR])
      for (const [id, strings] of Object.entries(must))
        for (const s of strings) expect(catalog.facts[id as keyof typeof must], id).toContain(s)
  })
})

describe('askedFacts', () => {
  it('finds the helpline asked for, in every language women type', () => {
    const cases: [string, FactId][] = [
      ['ambulence no pls', 'ambulance'],
      ['ambulance ka no. kya h', 'ambulance'],
      ['रुग्णवाहिकेचा क्रमांक सांगा', 'ambulance'],
      ['অ্যাম্বুলেন্সের নম্বরটা কত', 'ambulance'],
      ['ఆంబులెన్స్ కి ఏ నంబర్', 'ambulance'],
      ['delivery wali ambulance ka number', 'maternal'],
      ['ಗರ್ಭಿಣಿ ಮಹಿಳೆಗೆ ಆಂಬ್ಯುಲೆನ್ಸ್ ನಂಬರ್', 'maternal'],
      ['போலீஸ் எண் சொல்லுங்க', 'police'],
      ['પોલીસનો નંબર આપો', 'police'],
      ['aurat ki madad wali helpline', 'women'],
      ['ladies police helpline', 'police-women'],
      ['mumbai mein mahila police helpline no', 'mumbai'],
      ['lucknow women power line number', 'up'],
      ['আগুন লাগলে কোন নম্বর', 'fire'],
      ['15 saal ki ladki school me pareshan hai kis number pe call kare', 'child'],
      ['ಹಿರಿಯ ನಾಗರಿಕರಿಗೆ ಸಹಾಯವಾಣಿ', 'senior'],
      ['लोकल ट्रेनमध्ये त्रास झाला तर कोणता नंबर', 'railway'],
      ['upi fraud ho gaya kisko phone karu', 'cyber'],
      ['மனநலம் பற்றி பேச எண்', 'mental-health'],
      ['মহিলা কমিশনের নম্বর দিন', 'ncw'],
      ['વકીલ માટે મફત કાનૂની સહાય નંબર', 'legal-aid'],
      ['sab ke liye ek hi emergency number kaunsa', 'emergency'],
    ]
    for (const [text, id] of cases) expect(best(text), text).toBe(id)
  })

  it('finds the law, the Zero FIR and the 72 hours asked about', () => {
    const cases: [string, FactId][] = [
      ['peecha karne ki saza kis dhara me', 'stalking'],
      ['354डी अब कौन सी धारा', 'stalking'],
      ['সিটি বাজানো কোন ধারায় পড়ে', 'modesty'],
      ['ipc 509 ab kya hai', 'modesty'],
      ['ಲೈಂಗಿಕ ಕಿರುಕುಳಕ್ಕೆ ಯಾವ ಸೆಕ್ಷನ್', 'sexual-harassment'],
      ['હુંડા માટે સાસરિયા ત્રાસ આપે તો કઈ કલમ', 'cruelty'],
      ['दुसऱ्या जिल्ह्यातली तक्रार इथल्या पोलीस ठाण्यात घेतात का', 'zero-fir'],
      ['ஜீரோ எஃப்ஐஆர் பத்தி சொல்லுங்க', 'zero-fir'],
      ['pep kitne ghante tak le sakte hain rape ke baad', 'after-assault'],
      ['ধর্ষণের পরে জরুরি পিল কত দিনের মধ্যে', 'after-assault'],
    ]
    for (const [text, id] of cases) expect(best(text), text).toBe(id)
  })

  it('gives a second fact when she writes two numbers', () => {
    const ids = askedFacts('mahilaon ke liye 1091 hai ya 181').facts.map((f) => f.fact.number)
    expect(ids.sort()).toEqual(['1091', '181'])
  })

  it('is not asked by a message that only mentions a topic, asks how to do something, or asks for the list', () => {
    for (const text of [
      'what is domestic violence',
      'how do i plan a route to the police station',
      'someone is following me',
      'list of all helpline numbers',
      'सगळे हेल्पलाईन नंबर',
      'my in laws take my salary',
    ])
      expect(askedFacts(text).facts, text).toEqual([])
  })

  it('leaves what she tells, without the question: the rest says whether it is danger', () => {
    expect(askedFacts('ambulance ka number kya hai').told).toBe(0)
    expect(askedFacts('பெண்கள் உதவி எண் என்ன').told).toBe(0)
    expect(askedFacts('he is beating me right now whats the women helpline number').rest.join(' ')).toContain('beat')
    expect(askedFacts('train me koi chhu raha hai rail madad number').rest).toContain('train')
    // Asked about a law, its topic is part of the question.
    expect(askedFacts('stalking ki dhara kya hai').told).toBe(0)
  })
})

describe('findAsks', () => {
  const asks = (text: string) => [...new Set(findAsks(keyed(text)).map((f) => f.tag))].sort()
  it('hears a question for a number, the law, how soon and where, in every language', () => {
    expect(asks('kisko phone karu')).toEqual(['number'])
    expect(asks('ಯಾರಿಗೆ ಕರೆ ಮಾಡಲಿ')).toEqual(['number'])
    expect(asks('কোন ধারা')).toContain('law')
    expect(asks('किती तासांत')).toContain('time')
    expect(asks('ఫిర్యాదు ఎక్కడ')).toEqual(['where'])
    expect(asks('my mother in law')).toEqual([])
  })
})
