import { describe, expect, it } from 'vitest'
import { isIndic, romanize } from './romanize.ts'

describe('romanize', () => {
  // Devanagari as Hindi and Marathi are typed in chat, schwa dropped.
  const devanagari = {
    बचाओ: 'bachao',
    'मदद करो': 'madad karo',
    'कोई मेरा पीछा कर रहा है': 'koi mera pichha kar raha hai',
    लड़की: 'ladki',
    'नवरा मारतोय': 'navra martoy',
  }
  // Every Indian script through the same table; Dravidian scripts keep their spoken final a.
  const otherScripts = { বাঁচাও: 'banchao', બચાવો: 'bachavo', ಕಾಪಾಡಿ: 'kapadi', ఎవరో: 'evaro', காப்பாத்துங்க: 'kappattunka' }
  // Latin letters, digits and other characters stay as they are.
  const mixed = { 'call 112 now!': 'call 112 now!', 'मुझे help चाहिए 🙏': 'mujhe help chahie 🙏', '१०८': '108' }

  it.each(Object.entries({ ...devanagari, ...otherScripts, ...mixed }))('writes %s as %s', (text, latin) => {
    expect(romanize(text)).toBe(latin)
  })

  it.each([
    ['क', true],
    ['ক', true],
    ['k', false],
    ['😀', false],
  ])('tells Indian letters from others: %s is Indic: %s', (letter, indic) => {
    expect(isIndic(letter)).toBe(indic)
  })
})
