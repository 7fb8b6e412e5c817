/**
 * What she is told when something fails, decided in one place for every screen: what happened (`what`: the screen's
 * own text, or the server's when it names the problem) and what she can do next (`next`, by the cause). Never a bare
 * status code, never "Something went wrong" alone.
 */
import { ErrorCode, Messages } from '@wings/contract'
import { ApiError } from '../client.ts'
import { t } from './messages.ts'

/** The causes she is told apart. */
export type FailureKind =
  | 'offline'
  | 'busy'
  | 'session'
  | 'forbidden'
  | 'notFound'
  | 'gone'
  | 'server'
  | 'validation'
  | 'other'

export interface Failure {
  kind: FailureKind
  /** What happened, in her language. */
  what: string
  /** What she can do next, in her language. */
  next: string
  /** How long the server asked her to wait, in whole seconds, when it said (429, 503). */
  waitSeconds: number | null
}

export interface FailureOptions {
  /**
   * What she did is kept on this phone (the outbox) and sent by itself later: offline, a session that ended and a
   * server failure then say so, rather than asking her to do it again.
   */
  kept?: boolean
  /** The screen's own next step for a cause, where it knows better (a link to open again rather than a field). */
  next?: Partial<Record<FailureKind, string>>
}

const offlineNow = () => typeof navigator !== 'undefined' && navigator.onLine === false

/** The cause of a failure, from the HTTP status (and whether the server was reached at all). */
export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof ApiError)) return offlineNow() ? 'offline' : 'other'
  const { status } = error
  if (error.isNetwork || status === 0) return 'offline'
  // A login's wrong password is a 401 too: she is told which, not that a session ended.
  if (status === 401) return error.sent === Messages.badCredentials ? 'validation' : 'session'
  if (status === 403) return 'forbidden'
  if (status === 404) return 'notFound'
  if (status === 410) return 'gone'
  if (status === 429 || (status === 503 && error.retryAfterMs !== null)) return 'busy'
  if (status >= 500) return 'server'
  if (status === 400 || status === 409 || status === 413 || status === 422) return 'validation'
  return 'other'
}

/** The server's own words say more than the screen's for these causes (which field, which limit, what ended). */
const SERVER_WORDS: ReadonlySet<FailureKind> = new Set(['forbidden', 'notFound', 'gone', 'busy', 'validation', 'other'])

function nextStep(kind: FailureKind, kept: boolean, waitSeconds: number | null): string {
  switch (kind) {
    case 'offline':
      return t(kept ? 'offlineKept' : 'offline')
    case 'session':
      return t(kept ? 'sessionKept' : 'session')
    case 'server':
      return t(kept ? 'serverKept' : 'server')
    case 'busy':
      if (waitSeconds === null) return t('busy')
      return waitSeconds < 120
        ? t('busySeconds', { seconds: waitSeconds })
        : t('busyMinutes', { minutes: Math.ceil(waitSeconds / 60) })
    default:
      return t(kind)
  }
}

/**
 * What to tell her about `error`: `fallback` is the screen's text for what failed (e.g. 'Error updating profile'),
 * used unless the server's message is more precise.
 */
export function describeFailure(
  error: unknown,
  fallback: string,
  { kept = false, next }: FailureOptions = {},
): Failure {
  const kind = failureKind(error)
  const api = error instanceof ApiError ? error : null
  const waitSeconds = api?.retryAfterMs != null ? Math.max(1, Math.ceil(api.retryAfterMs / 1000)) : null
  const what = api?.fromServer && SERVER_WORDS.has(kind) ? api.message : fallback
  return { kind, what, next: next?.[kind] ?? nextStep(kind, kept, waitSeconds), waitSeconds }
}

/** The cause of a change the server refused in a sync push, by the refusal's code (the push itself succeeded). */
const REFUSAL_KINDS: Record<string, FailureKind> = {
  [ErrorCode.validation]: 'validation',
  [ErrorCode.conflict]: 'validation',
  [ErrorCode.payloadTooLarge]: 'validation',
  [ErrorCode.outsideRegion]: 'validation',
  [ErrorCode.unauthenticated]: 'session',
  [ErrorCode.forbidden]: 'forbidden',
  [ErrorCode.notFound]: 'notFound',
  [ErrorCode.gone]: 'gone',
  [ErrorCode.rateLimited]: 'busy',
  [ErrorCode.unavailable]: 'server',
  [ErrorCode.internal]: 'server',
}

/**
 * What to tell her about a change the server refused (a sync op's `rejected` outcome, a conflicts row): its reason
 * (`message`, in her language; `fallback` when empty), and what she can do by its code.
 */
export function describeRefusal(
  { code, message }: { code: string; message: string },
  fallback: string,
  options: Pick<FailureOptions, 'next'> = {},
): Failure {
  const kind = REFUSAL_KINDS[code] ?? 'other'
  return {
    kind,
    what: message || fallback,
    next: options.next?.[kind] ?? nextStep(kind, false, null),
    waitSeconds: null,
  }
}

/** The failure as one text: what happened, then what she can do. */
export const sentenceOf = ({ what, next }: Pick<Failure, 'what' | 'next'>): string => `${endSentence(what)} ${next}`

/** describeFailure as one text, for a toast or a line. */
export const failureText = (error: unknown, fallback: string, options?: FailureOptions): string =>
  sentenceOf(describeFailure(error, fallback, options))

/** A text without its own full stop gets one, so the next step reads as a sentence of its own. */
function endSentence(text: string): string {
  const trimmed = text.trim()
  return /[.!?।:…]$/.test(trimmed) ? trimmed : `${trimmed}.`
}
