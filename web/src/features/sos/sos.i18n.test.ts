import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { ageText } from './lastPosition.ts'
import { LocationText } from './location.ts'
import { t } from './messages.ts'
import { SOS_CONFIRM, SOS_MESSAGE, SOS_MESSAGE_NO_PLACE, SOS_NO_GEOLOCATION, SOS_NO_LOCATION, sosText } from './sos.ts'
import { CHOOSE_IN_WHATSAPP } from './WhatsAppLink.tsx'

const NOW = Date.parse('2026-11-22T18:30:00Z')
const here = { lat: 18.922, lon: 72.8347, accuracy: 12, at: NOW }
const LIVE = 'https://wings.example/s/abc'

describe('the SOS message in her language', () => {
  it("keeps the spec's English exactly", () => {
    expect(t('message')).toBe(SOS_MESSAGE)
    expect(t('messageNoPlace')).toBe(SOS_MESSAGE_NO_PLACE)
    expect(t('confirm')).toBe(SOS_CONFIRM)
    expect(t('noLocation')).toBe(SOS_NO_LOCATION)
    expect(t('noGeolocation')).toBe(SOS_NO_GEOLOCATION)
    expect(t('chooseInWhatsapp')).toBe(CHOOSE_IN_WHATSAPP)
    expect(LocationText.denied.startsWith(SOS_NO_LOCATION)).toBe(true)
  })

  it('is sent in Hindi, with the coordinates, the maps link and the live link untouched', async () => {
    await setLanguage('hi')
    expect(sosText({ position: here, stale: false }, { now: NOW, liveLink: LIVE }).split('\n')).toEqual([
      'मुझे मदद चाहिए! यह इमरजेंसी है। कृपया जल्द से जल्द मुझसे संपर्क करें। मेरी अभी की लोकेशन: 18.92200, 72.83470',
      'https://maps.google.com/?q=18.92200,72.83470',
      `मेरी लाइव लोकेशन यहाँ देखें: ${LIVE}`,
    ])
    const old = sosText({ position: { ...here, at: NOW - 12 * 60_000 }, stale: true }, { now: NOW })
    expect(old).toContain('18.92200, 72.83470 (आखिरी बार मिली लोकेशन, 12 मिनट पहले)')
    expect(sosText(null)).toBe('मुझे मदद चाहिए! यह इमरजेंसी है। कृपया जल्द से जल्द मुझसे संपर्क करें।')
    expect(sosText({ position: null, stale: false })).toContain('पता नहीं')
    expect(LocationText.denied).toContain('Site settings')
    expect(LocationText.unsupported).toBe('आपका ब्राउज़र लोकेशन नहीं बता सकता।')
  })

  it('is sent in Marathi, with Latin digits in the coordinates and the ages', async () => {
    await setLanguage('mr')
    const text = sosText({ position: { ...here, at: NOW - 3 * 3_600_000 }, stale: true }, { now: NOW, liveLink: LIVE })
    expect(text.split('\n')).toEqual([
      'मला मदत हवी आहे! ही इमर्जन्सी आहे. कृपया लवकरात लवकर माझ्याशी संपर्क करा. माझं सध्याचं लोकेशन: 18.92200, 72.83470 (शेवटचं मिळालेलं लोकेशन, 3 तासांपूर्वी)',
      'https://maps.google.com/?q=18.92200,72.83470',
      `माझं लाइव्ह लोकेशन इथे पाहा: ${LIVE}`,
    ])
    expect(ageText(NOW - 60_000, NOW)).toBe('1 मिनिटापूर्वी')
    expect(ageText(NOW - 45 * 60_000, NOW)).toBe('45 मिनिटांपूर्वी')
    expect(ageText(NOW - 10_000, NOW)).toBe('आत्ताच')
  })
})
