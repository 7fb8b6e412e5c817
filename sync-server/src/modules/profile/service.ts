import { ErrorCode, Messages, type ProfileUpdateBody, type User } from '@wings/contract'
import { HttpError } from '../../http-error.ts'
import type { UsersRepo } from '../users/repo.ts'

export function createProfileService(users: UsersRepo) {
  return {
    update(userId: string, changes: ProfileUpdateBody): User {
      const updated = users.update(
        userId,
        { ...changes, firstName: changes.firstName?.trim(), lastName: changes.lastName?.trim() },
        new Date().toISOString(),
      )
      // The account was deleted while the request was in flight.
      if (!updated) throw new HttpError(401, ErrorCode.unauthenticated, Messages.signedOut)
      return updated
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
