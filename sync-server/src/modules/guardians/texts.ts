import { setupI18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { type AlertKind, type AlertPayload, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@wings/contract'
import en from './locales/en.json' with { type: 'json' }
import hi from './locales/hi.json' with { type: 'json' }
import mr from './locales/mr.json' with { type: 'json' }
import type { MailMessage } from './mail.ts'

/*
 * What guardians read, in English, Hindi or Marathi (docs/i18n.md): ICU messages in locales/*.json, rendered by
 * Lingui (compiled once each, when first used). Hindi and Marathi must have every English key (TypeScript checks).
 */
export type AlertMessage = keyof typeof en
const CATALOGS: Record<Language, Record<AlertMessage, string>> = { en, hi, mr }
/** Intl's name for each language: Latin digits in Marathi too (the app's INTL_LOCALE). */
const INTL_LOCALE: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN-u-nu-latn' }

/** `say(key, values)`: one message in one language. */
export type Say = (key: AlertMessage, values?: Record<string, string | number>) => string

const SAYERS = Object.fromEntries(
  LANGUAGES.map((language) => {
    const i18n = setupI18n()
    i18n.setMessagesCompiler(compileMessage)
    i18n.load(language, CATALOGS[language])
    i18n.activate(language, [INTL_LOCALE[language]])
    const say: Say = (key, values) => i18n._(key, values)
    return [language, say]
  }),
) as Record<Language, Say>

/** The messages in `language`. */
export const sayIn = (language: Language): Say => SAYERS[language]

/** The language a guardian reads: theirs when their page told it, else hers (her profile's), else English. */
export const alertLanguage = (guardian: Language | null, hers: Language | null): Language =>
  guardian ?? hers ?? DEFAULT_LANGUAGE

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
  /** The language the guardian reads (alertLanguage). */
  language: Language
}

const PUSH_MESSAGE_MAX = 200

/** "less than a minute ago", "4 minutes ago", "2 hours 5 minutes ago": how long before `now`. */
export function agoOf(at: string, now: Date, say: Say = sayIn(DEFAULT_LANGUAGE)): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / 60_000))
  if (minutes < 1) return say('agoUnderMinute')
  if (minutes < 60) return say('agoMinutes', { minutes })
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? say('agoHours', { hours }) : say('agoHoursMinutes', { hours, minutes: rest })
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`)

function positionLine(facts: AlertFacts, say: Say): string {
  if (!facts.position) return say('noPosition')
  return say('positionFrom', { ago: agoOf(facts.position.at, facts.now, say) })
}

function missedLine(facts: AlertFacts, say: Say): string {
  const name = facts.firstName
  const destination = facts.destination
  const ago = facts.deadline ? agoOf(facts.deadline, facts.now, say) : null
  if (destination && ago) return say('missedAtAgo', { name, destination, ago })
  if (destination) return say('missedAt', { name, destination })
  if (ago) return say('missedAgo', { name, ago })
  return say('missed', { name })
}

/** Title and the lines of the text (the push body is the same lines, shorter). */
function compose(facts: AlertFacts, forPush: boolean): { title: string; lines: string[] } {
  const say = sayIn(facts.language)
  const name = facts.firstName
  const open = facts.livePath ? say(forPush ? 'tapToSee' : 'openToSee') : ''
  switch (facts.kind) {
    case 'sos': {
      const message = facts.message && (forPush ? cut(facts.message, PUSH_MESSAGE_MAX) : facts.message)
      return {
        title: say('sosTitle', { name }),
        lines: [
          message ? say('sosPressedWrote', { name, message }) : say('sosPressed', { name }),
          positionLine(facts, say),
          open,
          say('callHer'),
        ],
      }
    }
    case 'checkin-missed':
      return {
        title: say('missedTitle', { name }),
        lines: [
          missedLine(facts, say),
          facts.livePath ? positionLine(facts, say) : say('noLongerShared'),
          open,
          say('callHer'),
        ],
      }
    case 'checkin-safe':
      return { title: say('safeTitle', { name }), lines: [say('safe', { name })] }
    case 'share-started':
      return {
        title: say('shareTitle', { name }),
        lines: [say('shareStarted', { name }), facts.livePath ? say(forPush ? 'tapToFollow' : 'openToFollow') : ''],
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
  const say = sayIn(facts.language)
  const { title, lines } = compose(facts, false)
  const text = [lines.filter(Boolean).join('\n')]
  if (facts.livePath) text.push(say('liveLocation', { url: `${publicUrl}${facts.livePath}` }))
  if (facts.position) {
    const { accuracy } = facts.position
    const lat = facts.position.lat.toFixed(5)
    const lon = facts.position.lon.toFixed(5)
    text.push(
      accuracy === null
        ? say('lastPosition', { lat, lon })
        : say('lastPositionWithin', { lat, lon, meters: String(Math.round(accuracy)) }),
    )
  }
  text.push(
    `--\n${say('whyYou', { name: facts.firstName })}\n${say('stopAlerts', { url: `${publicUrl}${facts.guardianPath}?stop=1` })}`,
  )
  return { to, subject: title, text: `${text.join('\n\n')}\n` }
}

/** The confirmation e-mail for a guardian's address, in `language`. */
export function confirmationMail(
  firstName: string,
  to: string,
  link: string,
  stopLink: string,
  language: Language = DEFAULT_LANGUAGE,
): MailMessage {
  const say = sayIn(language)
  return {
    to,
    subject: say('confirmSubject', { name: firstName }),
    text: [
      say('confirmAsked', { name: firstName }),
      say('confirmLink', { link }),
      say('confirmIgnore'),
      `--\n${say('confirmStop', { url: stopLink })}`,
    ].join('\n\n'),
  }
}
