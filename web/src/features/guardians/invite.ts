/** The invitation she sends a guardian, the links that carry it, and a guardian's state in words. Pure functions. */
import type { Guardian } from '@wings/contract'

/**
 * What the invited contact reads: the link, what it is for, and her first name only (the message goes through
 * someone else's app: nothing more about her than they need).
 */
export function inviteText(firstName: string, link: string): string {
  const name = firstName.trim().split(/\s+/)[0] || 'A friend'
  return [
    `${name} has asked you to be one of her guardians on Wings.`,
    'If she presses SOS or misses a check-in, you will be alerted with her location. No account or app needed.',
    `Open this link to choose how to be alerted: ${link}`,
  ].join('\n')
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
  if (guardian.state === 'stopped') return 'Stopped: they turned alerts off'
  if (guardian.state === 'invited') {
    return guardian.emailPending ? 'Invited: waiting for them to confirm their e-mail' : 'Invited: not accepted yet'
  }
  const ways = [guardian.push ? 'notifications on' : '', guardian.email ? 'e-mail confirmed' : ''].filter(Boolean)
  const text = ways.join(', ') || 'alerts on'
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** How many of these will be alerted now. */
export const activeCount = (guardians: ReadonlyArray<Pick<Guardian, 'state'>>) =>
  guardians.filter((g) => g.state === 'active').length
