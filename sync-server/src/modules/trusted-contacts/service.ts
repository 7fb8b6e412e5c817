import {
  ErrorCode,
  normalizePhone,
  TRUSTED_CONTACTS_MAX,
  type TrustedContact,
  TrustedContactMessages,
  type TrustedContactSaveBody,
  tidyText,
} from '@wings/contract'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import { ownedItems } from '../changes/owned-items.ts'
import type { ChangesRepo } from '../changes/repo.ts'
import type { TrustedContactRecord, TrustedContactsRepo } from './repo.ts'

interface Deps {
  trustedContacts: TrustedContactsRepo
  changes: ChangesRepo
  transact: Transact
}

/** A number an older version stored in another form is answered in E.164; the row changes at its next save. */
export const toTrustedContact = (record: TrustedContactRecord): TrustedContact => ({
  _id: record.id,
  name: record.name,
  phone: normalizePhone(record.phone),
  createdAt: record.createdAt,
})

const notFound = () => new HttpError(404, ErrorCode.notFound, TrustedContactMessages.notFound)
const notYours = () => new HttpError(403, ErrorCode.forbidden, TrustedContactMessages.notYours)
const duplicate = () => new HttpError(409, ErrorCode.conflict, TrustedContactMessages.duplicate)
const tooMany = () => new HttpError(409, ErrorCode.conflict, TrustedContactMessages.tooMany)

export interface SavedContact {
  contact: TrustedContact
  /** False when an existing contact of hers was updated. */
  created: boolean
}

/**
 * Trusted contacts are private to their owner. Every function is synchronous and used by the REST routes and the
 * sync ops alike; each write records a 'trusted' change for the owner's pull in the same transaction.
 */
export function createTrustedContactsService({ trustedContacts, changes, transact }: Deps) {
  const owned = ownedItems({
    items: trustedContacts,
    changes,
    transact,
    entity: 'trusted',
    toView: toTrustedContact,
    notFound,
    notYours,
  })
  return {
    /**
     * POST /api/contacts/trusted and the 'trusted.save' op: creates her contact, or updates it when `_id` is one of
     * hers (last writer wins; a save of an id that is gone creates it again). 403 for another user's `_id`; 409
     * for a phone she has under another contact, and for a new contact beyond TRUSTED_CONTACTS_MAX.
     */
    save(userId: string, body: TrustedContactSaveBody): SavedContact {
      return transact(() => {
        const existing = body._id === undefined ? undefined : trustedContacts.find(body._id)
        if (existing && existing.userId !== userId) throw notYours()
        const phone = normalizePhone(body.phone)
        const hers = trustedContacts.byUser(userId)
        if (hers.some((c) => normalizePhone(c.phone) === phone && c.id !== existing?.id)) throw duplicate()
        if (!existing && hers.length >= TRUSTED_CONTACTS_MAX) throw tooMany()
        const now = new Date().toISOString()
        const record: TrustedContactRecord = {
          id: existing?.id ?? body._id ?? newId(),
          userId,
          name: tidyText(body.name),
          phone,
          createdAt: existing?.createdAt ?? now,
          updatedAt: now,
        }
        trustedContacts.put(record)
        changes.record(userId, 'trusted', record.id, now)
        return { contact: toTrustedContact(record), created: !existing }
      })
    },
    /** GET /api/contacts/trusted: hers, in the order she added them. */
    list: (userId: string): TrustedContact[] => trustedContacts.byUser(userId).map(toTrustedContact),
    /** DELETE /api/contacts/trusted/:id and the 'trusted.delete' op: 404 when there is none, 403 when not hers. */
    remove: owned.remove,
    /** For pulls: her contact as it is now; undefined when it is gone or the id is someone else's contact now. */
    load: owned.load,
  }
}

export type TrustedContactsService = ReturnType<typeof createTrustedContactsService>
