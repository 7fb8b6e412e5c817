import { ErrorCode, Messages, type ProfileUpdateBody, tidyText, type User } from '@wings/contract'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import type { ChangesRepo } from '../changes/repo.ts'
import type { UsersRepo } from '../users/repo.ts'

interface Deps {
  users: UsersRepo
  changes: ChangesRepo
  transact: Transact
}

export function createProfileService({ users, changes, transact }: Deps) {
  return {
    /**
     * Used by PATCH /api/profile/update and the 'profile.update' op alike. Synchronous, so that a pushed op
     * runs it inside the transaction that also records the op.
     */
    update(userId: string, body: ProfileUpdateBody): User {
      return transact(() => {
        const at = new Date().toISOString()
        const updated = users.update(
          userId,
          {
            ...body,
            firstName: body.firstName && tidyText(body.firstName),
            lastName: body.lastName && tidyText(body.lastName),
          },
          at,
        )
        // The account was deleted while the request was in flight.
        if (!updated) throw new HttpError(401, ErrorCode.unauthenticated, Messages.signedOut)
        changes.record(userId, 'user', userId, at)
        return updated
      })
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
