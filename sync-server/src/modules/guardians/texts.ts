import type { AlertKind, AlertPayload } from '@wings/contract'
import type { MailMessage } from './mail.ts'

/** Everything an alert says, as known when it is sent. */
export interface AlertFacts {
  kind: AlertKind
  /** Her first name only. */
  firstName: string
  /** Her live link's path (`/s/<token>`) while her share runs; null once it has ended or without one. */
  livePath: string | null
  /** The guardian's page (`/g/<token>`): the stop link and where a notification without a live link opens. */
  guardianPath: string
  /** Her last known position and when it was taken (ISO). */
  position: { lat: number; lon: number; accuracy: number | null; at: string } | null
  /** SOS: her message. */
  message: string | null
  /** Missed check-in: the deadline (ISO) and where she was going. */
  deadline: string | null
  destination: string | null
  /** Groups one event's notifications: the "safe" follow-up replaces the missed check-in. */
  tag: string
  now: Date
}

const PUSH_MESSAGE_MAX = 200
const CALL = 'Call her. If you cannot reach her, call 112.'

/** "just now", "4 minutes", "2 hours 5 minutes": how long before `now`. */
export function ageOf(at: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / 60_000))
  if (minutes < 1) return 'less than a minute'
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
  if (minutes < 60) return plural(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`)

function positionLine(facts: AlertFacts): string {
  if (!facts.position) return 'Her phone has not sent a position.'
  return `Her last known position is from ${ageOf(facts.position.at, facts.now)} ago.`
}

/** Title and the lines of the text (the push body is the same lines, shorter). */
function compose(facts: AlertFacts, forPush: boolean): { title: string; lines: string[] } {
  const name = facts.firstName
  const open = facts.livePath ? (forPush ? 'Tap to see where she is.' : 'Open the link below to see where she is.') : ''
  switch (facts.kind) {
    case 'sos': {
      const said = facts.message
        ? ` and wrote: “${forPush ? cut(facts.message, PUSH_MESSAGE_MAX) : facts.message}”`
        : ''
      return {
        title: `SOS from ${name}`,
        lines: [`${name} pressed SOS${said}.`, positionLine(facts), open, CALL],
      }
    }
    case 'checkin-missed': {
      const where = facts.destination ? ` at ${facts.destination}` : ''
      const when = facts.deadline ? ` ${ageOf(facts.deadline, facts.now)} ago` : ''
      return {
        title: `${name} missed her check-in`,
        lines: [
          `${name} was to check in${where}${when} and has not said she is safe.`,
          facts.livePath ? positionLine(facts) : 'Her live location is no longer shared.',
          open,
          CALL,
        ],
      }
    }
    case 'checkin-safe':
      return {
        title: `${name} is safe`,
        lines: [`${name} has checked in: she says she is safe. You do not need to do anything more.`],
      }
    case 'share-started':
      return {
        title: `${name} is sharing her live location`,
        lines: [
          `${name} started sharing her live location with you.`,
          facts.livePath ? (forPush ? 'Tap to follow it.' : 'Open the link below to follow it.') : '',
        ],
      }
  }
}

/** The notification a guardian's service worker shows (relative URLs: it opens them on the app's own origin). */
export function pushPayload(facts: AlertFacts): AlertPayload {
  const { title, lines } = compose(facts, true)
  return {
    kind: facts.kind,
    title,
    body: lines.filter(Boolean).join(' '),
    url: facts.livePath ?? facts.guardianPath,
    tag: facts.tag,
  }
}

/** The e-mail: the same words, the live link and position in full, and the stop link. */
export function alertMail(facts: AlertFacts, to: string, publicUrl: string): MailMessage {
  const { title, lines } = compose(facts, false)
  const text = [lines.filter(Boolean).join('\n')]
  if (facts.livePath) text.push(`Live location: ${publicUrl}${facts.livePath}`)
  if (facts.position) {
    const { lat, lon, accuracy } = facts.position
    const within = accuracy === null ? '' : ` (within about ${Math.round(accuracy)} m)`
    text.push(`Last known position: ${lat.toFixed(5)}, ${lon.toFixed(5)}${within}`)
  }
  text.push(stopLines(facts, publicUrl))
  return { to, subject: title, text: `${text.join('\n\n')}\n` }
}

function stopLines(facts: AlertFacts, publicUrl: string): string {
  return `--\nYou receive this because ${facts.firstName} chose you as a guardian in Wings.\nTo stop these alerts: ${publicUrl}${facts.guardianPath}?stop=1`
}

/** The confirmation e-mail for a guardian's address. */
export function confirmationMail(firstName: string, to: string, link: string, stopLink: string): MailMessage {
  return {
    to,
    subject: `Confirm your e-mail to receive ${firstName}'s alerts`,
    text: [
      `${firstName} asked you to be one of her guardians in Wings: you would be told by e-mail if she presses SOS or misses a check-in.`,
      `To confirm this address, open this link within 24 hours:\n${link}`,
      `If you did not ask for this, ignore this e-mail: nothing will be sent to you.`,
      `--\nTo stop at any time: ${stopLink}`,
    ].join('\n\n'),
  }
}
