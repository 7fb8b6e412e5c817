import type { ContactBody } from '@wings/contract'
import { newId } from '../../ids.ts'
import type { ContactRepo } from './repo.ts'

export function createContactService(repo: ContactRepo) {
  return {
    send(body: ContactBody): void {
      repo.insert({
        id: newId(),
        fullName: body.fullName.trim(),
        email: body.emailId,
        query: body.query.trim(),
        createdAt: new Date().toISOString(),
      })
    },
  }
}

export type ContactService = ReturnType<typeof createContactService>
