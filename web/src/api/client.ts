/**
 * The one way the app talks to its server: same origin, under /api, JSON, cookies. Each call names an endpoint of the
 * contract's table (ENDPOINTS), which gives its method, path and whether cookies go with it; the types of what is
 * sent and answered come from the table's schemas (API), imported as types only so no schema reaches the first
 * scripts.
 */

import type { AnswerOf, BodyOf, ParamsOf, QueryOf } from '@wings/contract'
import { DEFAULT_LANGUAGE, type EndpointName } from '@wings/contract'
import { i18n } from '../i18n/translate.ts'

/** The network failure's message in English (ApiError.message is in her language: errorText.ts). */
export const NETWORK_MESSAGE = 'Cannot reach Wings right now. Check your connection and try again.'

/**
 * The messages of failed calls in her language (errorText.ts, with its catalogs): fetched on the first failure she
 * reads in Hindi or Marathi only, so neither the contract's message tables nor their translations weigh on the first
 * scripts, and English needs nothing.
 */
const errorTexts = () => import('./errorText.ts')
const inEnglish = () => i18n.locale === DEFAULT_LANGUAGE

/** The server's message as she should read it (in English exactly the server's); the English one if it can't load. */
export function serverText(code: string, message: string): Promise<string> {
  if (inEnglish()) return Promise.resolve(message)
  return errorTexts()
    .then((texts) => texts.serverMessageReady(code, message))
    .catch(() => message)
}

type OwnMessages = typeof import('./errorText.ts')['ownMessage']

/** One of the app's own failure texts in her language; `english` if they can't load. */
function ownText(pick: (own: OwnMessages) => () => string, english: string): Promise<string> {
  if (inEnglish()) return Promise.resolve(english)
  return errorTexts()
    .then((texts) => texts.ownMessageReady(pick(texts.ownMessage)))
    .catch(() => english)
}

/** The app's own text, in English, for a failed answer without the server's message (an HTML page from a proxy). */
export const httpText = (status: number): string =>
  status >= 500
    ? 'The Wings server could not do this right now. Please try again in a few minutes.'
    : 'Wings could not do this right now. Please try again.'

/**
 * A failed call. Its `message` is the text to show her, in her language (errorText.ts): in English exactly the
 * server's message (or the app's own for a network failure or an unreadable answer).
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  /** True when the message was written by the server for a person (an `{success:false,message}` answer). */
  readonly fromServer: boolean
  /** How long the server asked to wait before trying again (its Retry-After), or null. */
  readonly retryAfterMs: number | null
  /** The server's message as it sent it (in English), to tell its fixed texts apart; else `message`. */
  readonly sent: string

  constructor(
    status: number,
    message: string,
    code: string,
    fromServer: boolean,
    retryAfterMs: number | null = null,
    sent: string = message,
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fromServer = fromServer
    this.retryAfterMs = retryAfterMs
    this.sent = sent
  }

  get isNetwork(): boolean {
    return this.code === 'NETWORK_ERROR'
  }
}

function isErrorBody(value: unknown): value is { success: false; message: string; code?: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { success?: unknown }).success === false &&
    typeof (value as { message?: unknown }).message === 'string'
  )
}

/** A Retry-After header (seconds, or an HTTP date) as milliseconds from `now`, or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000
  // An HTTP date names its day and month ('Mon, 23 Nov 2026 10:00:00 GMT'); Date.parse would take '-5' as a year.
  const at = /[a-z]/i.test(header) ? Date.parse(header) : Number.NaN
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/** A slot of a call: absent when the endpoint takes none, optional when everything in it is. */
type Slot<Key extends string, T> = [T] extends [never]
  ? { [P in Key]?: never }
  : object extends T
    ? { [P in Key]?: T }
    : { [P in Key]: T }

/** A query string's free-text values may be given as numbers: they are sent as their text. */
type QueryInput<Q> = { [P in keyof Q]: string extends NonNullable<Q[P]> ? Q[P] | number : Q[P] }

/** What a call sends: the path's params, the query string and the JSON body, each as the table types it. */
export type CallInput<K extends EndpointName> = Slot<'params', ParamsOf<K>> &
  Slot<'query', QueryInput<QueryOf<K>>> &
  Slot<'body', BodyOf<K>> & { signal?: AbortSignal }

interface LooseInput {
  params?: Record<string, string>
  query?: Record<string, unknown>
  body?: unknown
  signal?: AbortSignal
}

/**
 * The API table, fetched with the first call rather than with the first screen (which makes none): its 68
 * endpoints are a kilobyte the home page does not need.
 */
const apiTable = () => import('@wings/contract/api-paths')

type PathOf = (name: EndpointName, params?: Record<string, string>) => string

/** `/api` + the endpoint's path with its params filled, and the query string without its undefined values. */
function urlOf(fillPath: PathOf, name: EndpointName, { params, query }: Pick<LooseInput, 'params' | 'query'> = {}) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.append(key, String(value))
  const text = search.toString()
  return `/api${fillPath(name, params)}${text ? `?${text}` : ''}`
}

/**
 * Calls the endpoint `name` (callApi('story', { params: { id } })) and answers its parsed JSON body; any failure is
 * thrown as an ApiError. Public reads go without cookies (spec section 7).
 */
export async function callApi<K extends EndpointName>(
  name: K,
  ...[input]: object extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>]
): Promise<AnswerOf<K>> {
  const { ENDPOINTS, pathOf } = await apiTable()
  const endpoint: { method: string; public?: true } = ENDPOINTS[name]
  const { body, signal, ...where } = (input ?? {}) as LooseInput
  const url = urlOf(pathOf as PathOf, name, where)
  return send(url, endpoint.method, endpoint.public ? 'omit' : 'same-origin', body, signal)
}

async function send<T>(
  url: string,
  method: string,
  credentials: RequestCredentials,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<T> {
  // Her language: what the server writes for her or for the people it alerts (a guardian's alerts) comes in it.
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Wings-Language': i18n.locale }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials,
      signal,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (error) {
    // By name: an abort is a DOMException, from whichever realm made the request.
    if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error
    throw new ApiError(0, await ownText((own) => own.network, NETWORK_MESSAGE), 'NETWORK_ERROR', false)
  }
  const text = await response.text().catch(() => '')
  let data: unknown
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = undefined
    }
  }
  if (!response.ok || isErrorBody(data)) {
    const wait = retryAfterMs(response.headers.get('retry-after'))
    if (isErrorBody(data)) {
      const code = data.code ?? 'ERROR'
      throw new ApiError(response.status, await serverText(code, data.message), code, true, wait, data.message)
    }
    const { status } = response
    // Never the bare status: she is told what it means (api/failure says what to do next).
    const message = await ownText((own) => () => own.http(status), httpText(status))
    throw new ApiError(status, message, 'HTTP_ERROR', false, wait)
  }
  if (data === undefined && text) {
    const message = await ownText((own) => own.badResponse, 'The server sent an answer Wings cannot read.')
    throw new ApiError(response.status, message, 'BAD_RESPONSE', false)
  }
  return data as T
}

/**
 * What to tell the person after a failed call: the server's own message when it sent one, a clear
 * network message when it could not be reached, else the screen's fallback text from the spec. It says what
 * happened only: `failureText` and `describeFailure` (api/failure) add what she can do next, by the cause.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.fromServer || error.isNetwork) return error.message
  }
  return fallback
}
