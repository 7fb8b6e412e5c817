import { describe, expect, it } from 'vitest'
import { isIndic, romanize } from './romanize.ts'

describe('romanize', () => {
  it('writes Devanagari as Hindi and Marathi are typed in chat, schwa dropped', () => {
    expect(romanize('बचाओ')).toBe('bachao')
    expect(romanize('मदद करो')).toBe('madad karo')
    expect(romanize('कोई मेरा पीछा कर रहा है')).toBe('koi mera pichha kar raha hai')
    expect(romanize('लड़की')).toBe('ladki')
    expect(romanize('नवरा मारतोय')).toBe('navra martoy')
  })

  it('reads every Indian script through the same table', () => {
    expect(romanize('বাঁচাও')).toBe('banchao')
    expect(romanize('બચાવો')).toBe('bachavo')
    expect(romanize('ಕಾಪಾಡಿ')).toBe('kapadi')
    // Dravidian scripts keep their spoken final a.
    expect(romanize('ఎవరో')).toBe('evaro')
    expect(romanize('காப்பாத்துங்க')).toBe('kappattunka')
  })

  it('keeps Latin letters, digits and other characters as they are', () => {
    expect(romanize('call 112 now!')).toBe('call 112 now!')
    expect(romanize('मुझे help चाहिए 🙏')).toBe('mujhe help chahie 🙏')
    expect(romanize('१०८')).toBe('108')
  })

  it('tells Indian letters from others', () => {
    expect(isIndic('क')).toBe(true)
    expect(isIndic('ক')).toBe(true)
    expect(isIndic('k')).toBe(false)
    expect(isIndic('😀')).toBe(false)
  })
})
