import { describe, expect, it } from 'vitest'
import { EN } from './answers/en.ts'
import { HI } from './answers/hi.ts'
import { MR } from './answers/mr.ts'
import { isDanger } from './danger.ts'
import { DANGER_LEAD, reply } from './reply.ts'
import { SITUATIONS, type Situation } from './situations.ts'
import type { AssistantAction } from './types.ts'

const kinds = (actions: AssistantAction[]) =>
  actions.map((a) => (a.type === 'sos' ? 'sos' : a.type === 'call' ? `call ${a.number}` : `open ${a.to}`))

describe('reply: danger', () => {
  it('leads with the danger line, then SOS and Call 112', () => {
    for (const text of ['someone is following me', 'bachao', 'help me', 'I am scared he will hit me']) {
      const answer = reply(text)
      expect(answer.danger, text).toBe(true)
      expect(answer.intent).toBe('danger')
      expect(answer.text.startsWith(DANGER_LEAD), text).toBe(true)
      expect(kinds(answer.actions).slice(0, 2)).toEqual(['sos', 'call 112'])
    }
  })

  it('answers each situation with what to do there and its own numbers', () => {
    const cases: [string, Situation, string[], string[]][] = [
      ['my husband is beating me and has locked me in the room', 'home', ['181'], ['room that locks']],
      ['i want to kill myself tonight', 'selfharm', ['14416'], ['14416']],
      ['aaj raat suicide kar lungi', 'selfharm', ['14416'], []],
      ['my neighbour is beating his small child right now, the kid is screaming', 'child', ['1098'], ['1098']],
      ['i was raped last night', 'assault', ['181'], ['72 hours', 'Zero FIR']],
      ['i think my drink was spiked, i feel dizzy at the bar', 'drugged', ['108'], ['staff']],
      ['he threw acid on my face it is burning', 'acid', ['108'], ['20 minutes']],
      ['a man keeps touching me in the local train', 'transit', ['139'], ['139']],
      ['someone is banging on my door at 2am and trying to open it', 'intruder', [], ['Do not open the door']],
      ['the cab driver has locked the doors and is taking a different route', 'cab', [], ['emergency button']],
    ]
    for (const [text, situation, numbers, words] of cases) {
      const answer = reply(text)
      expect(answer.danger, text).toBe(true)
      expect(answer.situation, text).toBe(situation)
      for (const n of numbers) expect(kinds(answer.actions), text).toContain(`call ${n}`)
      for (const w of words) expect(answer.text, text).toContain(w)
    }
  })

  it('never tells a woman at home, locked in, a child or someone thinking of suicide to go towards light', () => {
    const inside: Situation[] = [
      'home',
      'intruder',
      'selfharm',
      'child',
      'kidnap',
      'drugged',
      'assault',
      'friend',
      'injured',
      'acid',
    ]
    for (const situation of inside) {
      expect(EN.situations[situation], situation).not.toMatch(/towards[^.]*light/i)
      expect(HI.situations[situation], situation).not.toContain('रोशनी')
      expect(MR.situations[situation], situation).not.toContain('उजेड')
    }
  })

  it('has an answer for every situation in English, Hindi and Marathi, each with 112', () => {
    for (const catalog of [EN, HI, MR])
      for (const situation of SITUATIONS) {
        expect(catalog.situations[situation].trim(), situation).not.toBe('')
        expect(`${catalog.lead}\n${catalog.situations[situation]}`).toContain('112')
      }
  })

  it('answers in Hindi or Marathi, buttons too, when she writes in it', () => {
    const hindi = reply('मेरा पति मुझे मार रहा है मदद करो')
    expect(hindi).toMatchObject({ danger: true, language: 'hi' })
    expect(hindi.text.startsWith(HI.lead)).toBe(true)
    expect(hindi.actions[0]).toEqual({ type: 'sos', label: 'SOS भेजें' })
    expect(hindi.actions[1]).toEqual({ type: 'call', label: '112 पर कॉल करें', number: '112' })
    const marathi = reply('नवरा मला मारतोय मदत करा')
    expect(marathi).toMatchObject({ danger: true, language: 'mr' })
    expect(marathi.text.startsWith(MR.lead)).toBe(true)
    expect(marathi.actions[1]).toEqual({ type: 'call', label: '112 ला कॉल करा', number: '112' })
  })

  it('tells a danger now from the past, a negation and a question', () => {
    for (const text of [
      'I was followed last year and still feel anxious',
      'nobody is following me, I just want tips for walking home',
      'what should I do if someone follows me?',
      'suicide helpline number kya hai',
    ])
      expect(reply(text).danger, text).toBe(false)
    expect(reply('someone is following me right now').danger).toBe(true)
  })
})

describe('reply: everything else', () => {
  it('answers from the best entry with its buttons', () => {
    const answer = reply('help me plan a route')
    expect(answer).toMatchObject({ intent: 'app', danger: false })
    expect(answer.entries[0]?.id).toBe('app-routeplanner')
    expect(kinds(answer.actions)[0]).toBe('open /routeplanner')
    expect(kinds(reply('how do I report an incident').actions)).toContain('open /report')
    expect(reply('what is the railway helpline number').text).toContain('139')
    expect(reply('cyber crime number').text).toContain('1930')
    expect(reply('which BNS section is stalking').text).toMatch(/section 78/i)
  })

  it('answers a helpline question in Hindi or Marathi with the numbers in her language', () => {
    const hindi = reply('साइबर क्राइम का नंबर क्या है')
    expect(hindi.language).toBe('hi')
    expect(hindi.text).toContain('1930: साइबर क्राइम')
    const marathi = reply('सगळे हेल्पलाईन नंबर सांगा')
    expect(marathi.language).toBe('mr')
    expect(marathi.text).toContain('181: महिला हेल्पलाइन')
    expect(marathi.text).toContain(MR.numbersFooter)
  })

  it('greets and thanks, in her language, and never takes a greeting for danger', () => {
    expect(reply('hi').intent).toBe('greeting')
    expect(reply('hii').danger).toBe(false)
    expect(reply('Namaste Saathi').intent).toBe('greeting')
    expect(reply('thank you so much').intent).toBe('thanks')
    expect(reply('bye').danger).toBe(false)
    expect(reply('hi, how do I share my location?').intent).toBe('app')
    expect(reply('नमस्ते').text).toBe(HI.greeting)
  })

  it('does not answer a harmless message with a helpline that only shares a word with it', () => {
    for (const text of [
      'which movie should I watch with my daughter tonight',
      'this traffic is killing me',
      'hasi se mar gayi',
    ])
      expect(reply(text), text).toMatchObject({ danger: false })
    expect(kinds(reply('which movie should I watch with my daughter tonight').actions)).not.toContain('call 1098')
  })

  it('offers the helplines and the main screens when it does not know', () => {
    const answer = reply('what is the capital of France')
    expect(answer.intent).toBe('unknown')
    expect(answer.entries).toEqual([])
    expect(kinds(answer.actions)).toEqual(['sos', 'call 112', 'open /help', 'open /routeplanner', 'open /report'])
    expect(answer.text).toContain('112')
  })

  it('offers three suggestions, each answered and none of them a danger message', () => {
    for (const text of ['hi', 'thanks', 'bachao', 'how does SOS work?', 'dowry', 'xyz']) {
      const { suggestions } = reply(text)
      expect(suggestions).toHaveLength(3)
      for (const suggestion of suggestions) {
        expect(isDanger(suggestion), suggestion).toBe(false)
        expect(reply(suggestion).intent, suggestion).not.toBe('unknown')
      }
    }
  })
})

describe('reply: facts', () => {
  it('answers a short question for a number or a law in any script with it, not as danger', () => {
    const cases: [string, string][] = [
      ['ambulence no', '108'],
      ['अग्निशमन दलाचा क्रमांक', '101'],
      ['போலீஸ் எண் என்ன', '100'],
      ['முதியோர் உதவி எண்', '14567'],
      ['ಪೊಲೀಸ್ ಸಂಖ್ಯೆ', '100'],
      ['પોલીસ નંબર', '100'],
      ['মহিলা কমিশনের নম্বর', '7827170170'],
      ['পিছু নেওয়া কোন ধারায় পড়ে', '78'],
      ['बलात्कार के बाद कितने घंटे में दवा लेनी चाहिए', '72'],
      ['zero fir mhanje kay', 'Zero FIR'],
    ]
    for (const [text, fact] of cases) {
      const answer = reply(text)
      expect(answer.danger, text).toBe(false)
      expect(answer.text, text).toContain(fact)
    }
  })

  it('leads with the number or the section asked for, in her language, its button first', () => {
    const pregnant = reply('ambulance for pregnant women number')
    expect(pregnant.text.split('\n')[0]).toContain('102')
    expect(kinds(pregnant.actions)[0]).toBe('call 102')
    const hindi = reply('गर्भवती महिला के लिए मुफ्त एंबुलेंस')
    expect(hindi.text.split('\n')[0]).toBe(HI.numbers['102'])
    const marathi = reply('पाठलाग करणे कोणत्या कलमात येते')
    expect(marathi.text.split('\n')[0]).toBe(MR.facts.stalking)
    expect(reply('498a new section').text.split('\n')[0]).toBe(EN.facts.cruelty)
  })

  it('answers danger first when she asks for a number while something is happening', () => {
    const cases: [string, string][] = [
      ['he is following me what is the police number', '100'],
      ['pati maar raha hai abhi mahila helpline number batao', '181'],
      ['ಯಾರೋ ನನ್ನನ್ನು ಹಿಂಬಾಲಿಸುತ್ತಿದ್ದಾರೆ ಪೊಲೀಸ್ ನಂಬರ್ ಕೊಡಿ', '100'],
      ['मेरे बच्चे को पड़ोसी मार रहा है अभी चाइल्ड हेल्पलाइन नंबर', '1098'],
    ]
    for (const [text, number] of cases) {
      const answer = reply(text)
      expect(answer.danger, text).toBe(true)
      expect(kinds(answer.actions).slice(0, 2), text).toEqual(['sos', 'call 112'])
      expect(kinds(answer.actions), text).toContain(`call ${number}`)
      expect(answer.text, text).toContain(number)
    }
  })
})

describe('reply: bad input', () => {
  it('answers calmly, with SOS and the helplines, whatever comes', () => {
    const inputs = [
      '',
      '   ',
      '😭😭😭',
      '🙏',
      '\u200b\u200c\u200d\ufeff',
      'a'.repeat(5000),
      `${'blah '.repeat(1200)} please help he is hitting me`,
      'मुझे help চাই please காப்பாத்துங்க',
      '\u0000\u0007<script>alert(1)</script>',
      '👩‍👧‍👦'.repeat(300),
    ]
    for (const text of inputs) {
      const answer = reply(text)
      expect(answer.text.trim(), JSON.stringify(text.slice(0, 20))).not.toBe('')
      expect(kinds(answer.actions), JSON.stringify(text.slice(0, 20))).toContain('sos')
      expect(answer.text).toContain('112')
    }
  })

  it('hears a plea for help at the end of a very long message', () => {
    expect(reply(`${'I was just walking home. '.repeat(200)}please help someone is following me`).danger).toBe(true)
  })
})
