/** The one way the app talks to its server: same origin, under /api, JSON, cookies. */

export const NETWORK_MESSAGE = 'Cannot reach Wings right now. Check your connection and try again.'

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  /** True when the message was written by the server for a person (an `{success:false,message}` answer). */
  readonly fromServer: boolean
  /** How long the server asked to wait before trying again (its Retry-After), or null. */
  readonly retryAfterMs: number | null

  constructor(status: number, message: string, code: string, fromServer: boolean, retryAfterMs: number | null = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fromServer = fromServer
    this.retryAfterMs = retryAfterMs
  }

  get isNetwork(): boolean {
    return this.code === 'NETWORK_ERROR'
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
  /** Some public reads are sent without cookies (spec section 7). */
  credentials?: RequestCredentials
}

function joinPath(path: string): string {
  if (path.startsWith('/api/')) return path
  return `/api${path.startsWith('/') ? path : `/${path}`}`
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

/** Calls `/api{path}` and answers the parsed JSON body; any failure is thrown as an ApiError. */
export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, credentials = 'same-origin' } = options
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(joinPath(path), {
      method,
      headers,
      credentials,
      signal,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, NETWORK_MESSAGE, 'NETWORK_ERROR', false)
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
    if (isErrorBody(data)) throw new ApiError(response.status, data.message, data.code ?? 'ERROR', true, wait)
    throw new ApiError(
      response.status,
      `The server answered ${response.status}. Please try again.`,
      'HTTP_ERROR',
      false,
      wait,
    )
  }
  if (data === undefined && text) {
    throw new ApiError(response.status, 'The server sent an answer Wings cannot read.', 'BAD_RESPONSE', false)
  }
  return data as T
}

/**
 * What to tell the person after a failed call: the server's own message when it sent one, a clear
 * network message when it could not be reached, else the screen's fallback text from the spec.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.fromServer || error.isNetwork) return error.message
  }
  return fallback
}
