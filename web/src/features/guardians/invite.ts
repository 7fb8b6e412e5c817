/** The invitation she sends a guardian, the links that carry it, and a guardian's state in words. Pure functions. */
import type { Guardian } from '@wings/contract'
import { t } from './every-screen/messages.ts'

/**
 * What the invited contact reads: the link, what it is for, and her first name only (the message goes through
 * someone else's app: nothing more about her than they need).
 */
export function inviteText(firstName: string, link: string): string {
  const name = firstName.trim().split(/\s+/)[0] || t('aFriend')
  return [t('inviteAsked', { name }), t('inviteWhat'), t('inviteOpen', { link })].join('\n')
}

/** wa.me takes the number in international form without '+' or separators. */
const waNumber = (phone: string) => phone.replace(/\D/g, '')

/** The messaging app: addressed to the contact when her number is known, else it asks whom to send it to. */
export const whatsappInvite = (text: string, phone?: string) =>
  `https://wa.me/${phone ? waNumber(phone) : ''}?text=${encodeURIComponent(text)}`

/** SMS to the contact when her number is known (no mobile data needed). */
export const smsInvite = (text: string, phone?: string) => `sms:${phone ?? ''}?body=${encodeURIComponent(text)}`

/** The guardian's state as she reads it on her list. */
export function guardianStateText(guardian: Pick<Guardian, 'state' | 'push' | 'email' | 'emailPending'>): string {
  if (guardian.state === 'stopped') return t('stateStopped')
  if (guardian.state === 'invited') return guardian.emailPending ? t('stateInvitedEmail') : t('stateInvited')
  if (guardian.push && guardian.email) return t('statePushEmail')
  if (guardian.push) return t('statePush')
  return guardian.email ? t('stateEmail') : t('stateOn')
}
