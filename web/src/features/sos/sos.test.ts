import { describe, expect, it } from 'vitest'
import { callLink, SOS_MESSAGE, smsLink, sosText, whatsappLink } from './sos.ts'

const NOW = Date.parse('2026-11-22T18:30:00Z')
const fresh = { position: { lat: 18.922, lon: 72.8347, accuracy: 12, at: NOW }, stale: false }

describe('SOS message and links', () => {
  it('carries the message, the coordinates and a maps link', () => {
    expect(sosText(fresh, { now: NOW })).toBe(
      `${SOS_MESSAGE} 18.92200, 72.83470\nhttps://maps.google.com/?q=18.92200,72.83470`,
    )
  })

  it('says how old a last known position is, and adds the live link', () => {
    const text = sosText(
      { position: { ...fresh.position, at: NOW - 12 * 60_000 }, stale: true },
      { now: NOW, liveLink: 'https://wings.example/s/abc' },
    )
    expect(text).toContain('18.92200, 72.83470 (last known position, 12 minutes ago)')
    expect(text.split('\n').at(-1)).toBe('Follow my live location: https://wings.example/s/abc')
  })

  it('still sends the message when no position is known, and takes her own words', () => {
    expect(sosText({ position: null, stale: false }, { message: 'Missed my check-in.' })).toBe(
      'Missed my check-in. unknown (my phone could not find it).',
    )
  })

  it('builds WhatsApp, SMS and call links', () => {
    const text = sosText(fresh, { now: NOW })
    expect(whatsappLink(text)).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`)
    // To one contact: her E.164 number without the '+' (one stored in an older form is normalized first).
    expect(whatsappLink(text, '+919876543210')).toBe(`https://wa.me/919876543210?text=${encodeURIComponent(text)}`)
    expect(whatsappLink(text, '+9109876543210')).toBe(`https://wa.me/919876543210?text=${encodeURIComponent(text)}`)
    expect(whatsappLink(text, '+44 20 7946 0958')).toBe(`https://wa.me/442079460958?text=${encodeURIComponent(text)}`)
    expect(whatsappLink(text, '')).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`)
    expect(smsLink(['+919876543210', '+447700900123'], 'Help & come')).toBe(
      'sms:+919876543210,+447700900123?body=Help%20%26%20come',
    )
    expect(smsLink([], 'x')).toBe('sms:?body=x')
    expect(callLink()).toBe('tel:112')
  })
})
