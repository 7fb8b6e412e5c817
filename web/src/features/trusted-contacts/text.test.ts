import {
  PHONE_EXAMPLE,
  TextMessages,
  TRUSTED_CONTACT_NAME_MAX,
  TrustedContactMessages,
  trustedContactProblems,
} from '@wings/contract'
import { beforeEach, describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { clearDb } from '../../test/sync.ts'
import { saveTrustedContact, TrustedContactError } from './contacts.ts'
import { TrustedContactText, trustedContactProblemsText, trustedContactText } from './text.ts'

describe('trusted contacts in her language', () => {
  beforeEach(async () => {
    await clearDb()
  })

  it("says the contract's messages exactly in English", () => {
    for (const key of Object.keys(TrustedContactText) as (keyof typeof TrustedContactText)[]) {
      expect(TrustedContactText[key], key).toBe(TrustedContactMessages[key])
    }
    expect(trustedContactText(TextMessages.required('Name'))).toBe(TextMessages.required('Name'))
    expect(trustedContactText(TextMessages.tooLong('Name', TRUSTED_CONTACT_NAME_MAX))).toBe(
      TextMessages.tooLong('Name', TRUSTED_CONTACT_NAME_MAX),
    )
    expect(trustedContactText(TextMessages.lineControls('Name'))).toBe(TextMessages.lineControls('Name'))
  })

  it('says them in Hindi, and refuses a contact in Hindi', async () => {
    await setLanguage('hi')
    expect(trustedContactProblemsText(trustedContactProblems({ name: ' ', phone: '12' }))).toEqual({
      name: 'नाम लिखना ज़रूरी है',
      phone: `फ़ोन नंबर 10 अंकों का हो, जैसे ${PHONE_EXAMPLE}, या + और देश के कोड से शुरू हो`,
    })
    await saveTrustedContact({ name: 'Amma', phone: '98765 43210' })
    const refused = await saveTrustedContact({ name: 'Aai', phone: '+919876543210' }).catch((error) => error)
    expect(refused).toBeInstanceOf(TrustedContactError)
    expect(refused).toMatchObject({ reason: 'duplicate', message: 'यह नंबर पहले से आपके भरोसेमंद संपर्कों में है' })
  })

  it('says them in Marathi', async () => {
    await setLanguage('mr')
    expect(TrustedContactText.tooMany).toBe('तुम्ही जास्तीत जास्त 10 विश्वासू संपर्क ठेवू शकता. नवीन जोडण्यासाठी एक काढा.')
    expect(trustedContactText(TextMessages.tooLong('Name', TRUSTED_CONTACT_NAME_MAX))).toBe(
      'नाव जास्तीत जास्त 80 अक्षरांचं असू शकतं',
    )
  })
})
