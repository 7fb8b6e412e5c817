import { type ContactBody, ErrorCode, ErrorMessages, tidyText } from '@wings/contract'
import type { AttemptLimit } from '../../attempt-limit.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import type { ContactRepo } from './repo.ts'

export function createContactService(repo: ContactRepo, perClientLimit: AttemptLimit) {
  return {
    /**
     * Used by POST /api/contact and the 'contact.send' op alike, so messages queued offline count against the
     * same per-IP limit as the form. `client` is the sender's IP.
     */
    send(body: ContactBody, client: string): void {
      const waitSeconds = perClientLimit.attempt(client)
      if (waitSeconds > 0) {
        throw new HttpError(429, ErrorCode.rateLimited, ErrorMessages.tooManyRequests, {
          'retry-after': String(waitSeconds),
        })
      }
      repo.insert({
        id: newId(),
        fullName: tidyText(body.fullName),
        email: body.emailId,
        query: tidyText(body.query),
        createdAt: new Date().toISOString(),
      })
    },
  }
}

export type ContactService = ReturnType<typeof createContactService>
