import {
  ErrorCode,
  ErrorMessages,
  type LoginBody,
  Messages,
  type SignupBody,
  tidyText,
  type User,
} from '@wings/contract'
import type { AttemptLimit } from '../../attempt-limit.ts'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import type { ChangesRepo } from '../changes/repo.ts'
import type { UsersRepo } from '../users/repo.ts'
import { newPasswordProblem } from './new-password.ts'
import type { Passwords } from './passwords.ts'
import type { Sessions } from './sessions.ts'

interface Deps {
  users: UsersRepo
  changes: ChangesRepo
  transact: Transact
  sessions: Sessions
  passwords: Passwords
  /** Attempts per IP and e-mail. */
  throttle: AttemptLimit
  /** Attempts per e-mail from every IP together, since its last successful login. */
  emailThrottle: AttemptLimit
}

const normalizeEmail = (email: string) => email.trim().toLowerCase()

const tooManyLogins = (waitSeconds: number) =>
  new HttpError(429, ErrorCode.rateLimited, ErrorMessages.tooManyLogins, { 'retry-after': String(waitSeconds) })

export function createAuthService({ users, changes, transact, sessions, passwords, throttle, emailThrottle }: Deps) {
  return {
    async signup(body: SignupBody): Promise<void> {
      const weak = await newPasswordProblem(body.password)
      if (weak) throw new HttpError(400, ErrorCode.validation, weak)
      const id = newId()
      const passwordHash = await passwords.hash(body.password)
      const createdAt = new Date().toISOString()
      // Recorded as a change too, so a first pull (since=0) on a new device brings the account.
      const created = transact(() => {
        const inserted = users.insert({
          id,
          email: normalizeEmail(body.email),
          firstName: tidyText(body.firstName),
          lastName: tidyText(body.lastName),
          age: body.age,
          gender: body.gender,
          passwordHash,
          createdAt,
        })
        if (inserted) changes.record(id, 'user', id, createdAt)
        return inserted
      })
      if (!created) throw new HttpError(409, ErrorCode.conflict, Messages.emailTaken)
    },

    /**
     * Checks the credentials and starts a new session, ending the one the client held before (no session
     * fixation); `client` identifies the caller for the attempt limit.
     */
    async login(body: LoginBody, client: string, previousToken?: string): Promise<{ user: User; token: string }> {
      const email = normalizeEmail(body.email)
      const key = `${client} ${email}`
      const waitSeconds = throttle.attempt(key)
      if (waitSeconds > 0) throw tooManyLogins(waitSeconds)
      // Counted for unknown e-mails too and answered alike, so a 429 does not tell that an account exists.
      const emailWaitSeconds = emailThrottle.attempt(email)
      if (emailWaitSeconds > 0) throw tooManyLogins(emailWaitSeconds)
      const found = users.findWithPasswordHash(email)
      const valid = found
        ? await passwords.verify(found.passwordHash, body.password)
        : await passwords.verifyNobody(body.password)
      if (!found || !valid) throw new HttpError(401, ErrorCode.unauthenticated, Messages.badCredentials)
      throttle.succeeded(key)
      emailThrottle.succeeded(email)
      if (previousToken) sessions.end(previousToken)
      return { user: found.user, token: sessions.start(found.user._id) }
    },

    logout(token: string | undefined): void {
      if (token) sessions.end(token)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
