/**
 * Sending her check-in's live link to her trusted contacts: one SMS (no mobile data needed) and one WhatsApp link per
 * contact, each addressed to that contact's number. The links are the SOS's own (sos/sos.ts). Pure.
 */
import { isPhone, normalizePhone } from '@wings/contract'
import { smsLink, whatsappLink } from '../sos/index.ts'
import { clockText } from './format.ts'
import { t } from './messages.ts'

/** What they read: when she should check in (and where), and the link that shows whether she did. */
export function checkInMessage(checkIn: { deadline: string; destination?: string | undefined }, link: string): string {
  const time = clockText(checkIn.deadline)
  return checkIn.destination
    ? t('messageAt', { destination: checkIn.destination, time, link })
    : t('messageBy', { time, link })
}

export interface Recipient {
  id: string
  name: string
  /** E.164, or the number as stored when it is not one Wings can use. */
  phone: string
  /** Both null when the number cannot be used. */
  sms: string | null
  whatsapp: string | null
}

/** Each contact's links, in her order; a number that is not a phone number gets none (a link would go nowhere). */
export function recipientLinks(
  contacts: ReadonlyArray<{ _id: string; name: string; phone: string }>,
  text: string,
): Recipient[] {
  return contacts.map((contact) => {
    const usable = isPhone(contact.phone)
    const phone = usable ? normalizePhone(contact.phone) : contact.phone
    return {
      id: contact._id,
      name: contact.name,
      phone,
      sms: usable ? smsLink([phone], text) : null,
      whatsapp: usable ? whatsappLink(text, phone) : null,
    }
  })
}

/** For when she has no contacts: her messaging apps ask whom to send it to. */
export const unaddressedLinks = (text: string) => ({ sms: smsLink([], text), whatsapp: whatsappLink(text) })
