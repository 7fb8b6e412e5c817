import type { ErrorCode } from '@wings/contract'

/** A failure told to the client as `{ success: false, message, code }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}
