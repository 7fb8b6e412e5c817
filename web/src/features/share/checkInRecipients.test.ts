import { describe, expect, it } from 'vitest'
import { checkInMessage, recipientLinks, unaddressedLinks } from './checkInRecipients.ts'
import { clockText } from './format.ts'

const LINK = `https://wings.example/s/${'T'.repeat(43)}`
const contact = (name: string, phone: string) => ({ _id: name, name, phone })

describe('sending the check-in link', () => {
  const deadline = '2026-03-01T12:30:00.000Z'

  it('says when (and where) she should check in, and holds the link', () => {
    expect(checkInMessage({ deadline, destination: 'Home' }, LINK)).toBe(
      `I should be at Home by ${clockText(deadline)}. Follow my live location on Wings, it shows if I miss my check-in: ${LINK}`,
    )
    expect(checkInMessage({ deadline }, LINK)).toMatch(new RegExp(`^I should check in by ${clockText(deadline)}\\. `))
  })

  it('addresses one SMS and one WhatsApp link to each contact, in E.164', () => {
    const text = 'Follow me: a&b'
    const [amma, abroad, typed] = recipientLinks(
      [contact('Amma', '+919876543210'), contact('Jo', '+447700900123'), contact('Old', '098765 43210')],
      text,
    )
    expect(amma).toEqual({
      id: 'Amma',
      name: 'Amma',
      phone: '+919876543210',
      sms: `sms:+919876543210?body=${encodeURIComponent(text)}`,
      whatsapp: `https://wa.me/919876543210?text=${encodeURIComponent(text)}`,
    })
    expect(abroad?.sms).toBe(`sms:+447700900123?body=${encodeURIComponent(text)}`)
    expect(abroad?.whatsapp).toBe(`https://wa.me/447700900123?text=${encodeURIComponent(text)}`)
    // A number stored by an older version in another form is sent in E.164.
    expect(typed?.sms).toBe(`sms:+919876543210?body=${encodeURIComponent(text)}`)
  })

  it('gives no link for a number that is not one (a link would go nowhere, or to a stranger)', () => {
    for (const bad of ['12345', '', '+91 12345', 'call me', '+91 98765 432100', '0000000000']) {
      const [to] = recipientLinks([contact('X', bad)], 'hi')
      expect(to, bad).toMatchObject({ sms: null, whatsapp: null, phone: bad })
    }
  })

  it('without contacts, lets the messaging apps ask whom to send it to', () => {
    expect(unaddressedLinks('hi')).toEqual({ sms: 'sms:?body=hi', whatsapp: 'https://wa.me/?text=hi' })
  })
})
