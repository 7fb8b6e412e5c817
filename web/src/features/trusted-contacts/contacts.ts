/**
 * Trusted contacts on the phone: the people her SOS texts. Signed in, each write is the local row and its op in the
 * outbox, in one transaction (queueOp), and her other devices get it through the pull ('trusted' changes,
 * db/trustedContacts.ts). Signed out, contacts are kept on this phone only (`userId: null`, no op); once she signs in they
 * are still used and shown, each with a way to add it to her account.
 *
 * Schema-free on purpose: the SOS sheet reads contacts on every page, so this module loads no TypeBox (queueOp loads
 * the validator on first use).
 */
import {
  newObjectId,
  normalizePhone,
  TRUSTED_CONTACTS_MAX,
  type TrustedContactFields,
  trustedContactProblems,
} from '@wings/contract'
import { useLiveQuery } from 'dexie-react-hooks'
import { db, type TrustedContactRow } from '../../db/db.ts'
import { cursorKey } from '../../sync/engine.ts'
import { NotSignedInError, queueOp } from '../../sync/outbox.ts'
import { TrustedContactText, trustedContactProblemsText } from './text.ts'

export interface TrustedContactInput {
  /** Given to update a contact (or to add a contact kept on this phone to her account); new ones get an id here. */
  _id?: string
  name: string
  /** As typed: stored normalized ('+919876543210'). */
  phone: string
}

export type TrustedContactProblem = 'invalid' | 'duplicate' | 'tooMany' | 'notFound'

/**
 * A contact that cannot be saved; `problems` holds the message of each field at fault (none for tooMany). Its
 * messages are in her language (the contract's English in English).
 */
export class TrustedContactError extends Error {
  readonly reason: TrustedContactProblem
  readonly problems: Partial<TrustedContactFields>
  constructor(reason: TrustedContactProblem, message: string, problems: Partial<TrustedContactFields> = {}) {
    super(message)
    this.name = 'TrustedContactError'
    this.reason = reason
    this.problems = problems
  }
}

const signedInId = async () => (await db.user.get('me'))?.user._id ?? null

/**
 * The contacts shown to `userId` (null: signed out): hers and the ones kept on this phone only, each number in
 * E.164 (one an older version stored in another form is normalized here, and stored so at its next save).
 */
function visibleTo(rows: TrustedContactRow[], userId: string | null): TrustedContactRow[] {
  return rows
    .filter((row) => row.userId === null || row.userId === userId)
    .map((row) => ({ ...row, phone: normalizePhone(row.phone) }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id))
}

/**
 * The contacts her SOS texts now, in the order she added them: signed in, hers and the ones kept on this phone only
 * (added signed out, not yet in her account: they are still hers to call on); signed out, the ones kept on this
 * phone only. Another account's contacts on this phone are never included. Reads Dexie only.
 */
export async function trustedContactsNow(): Promise<TrustedContactRow[]> {
  return db.transaction('r', [db.user, db.trustedContacts], async () => {
    const userId = (await db.user.get('me'))?.user._id ?? null
    return visibleTo(await db.trustedContacts.toArray(), userId)
  })
}

/** trustedContactsNow(), live: undefined while loading. */
export function useTrustedContacts(): TrustedContactRow[] | undefined {
  return useLiveQuery(trustedContactsNow, [])
}

/** Aborts the transaction of a save made for one person while another signed in or out. */
class AccountChanged extends Error {}

/**
 * Saves a contact (a new one, or the one `_id` names) and answers the row as stored. Signed in, it becomes hers and
 * is queued as 'trusted.save'; signed out, it is kept on this phone only. Throws TrustedContactError for a bad name
 * or phone, a number already among the contacts shown, or a new contact beyond TRUSTED_CONTACTS_MAX (nothing is
 * stored then), and whatever the transaction throws (a full disk: see db/storage.ts).
 */
export async function saveTrustedContact(input: TrustedContactInput): Promise<TrustedContactRow> {
  const problems = trustedContactProblemsText(trustedContactProblems(input))
  if (problems.name || problems.phone) {
    throw new TrustedContactError('invalid', problems.name ?? problems.phone ?? '', problems)
  }
  const fields = { _id: input._id ?? newObjectId(), name: input.name.trim(), phone: normalizePhone(input.phone) }
  // One retry: someone signed in or out between reading who is signed in and storing the contact.
  for (let attempt = 0; ; attempt++) {
    const userId = await signedInId()
    let stored: TrustedContactRow | undefined
    const store = async () => {
      if ((await signedInId()) !== userId) throw new AccountChanged()
      stored = await storeContact(userId, fields)
    }
    try {
      if (userId) await queueOp('trusted.save', fields, store)
      else await db.transaction('rw', [db.user, db.trustedContacts], store)
    } catch (error) {
      if (error instanceof AccountChanged && attempt === 0) continue
      if (error instanceof AccountChanged) throw new NotSignedInError()
      throw error
    }
    if (!stored) throw new Error('The contact was not stored')
    return stored
  }
}

/** The rules, checked in the transaction that stores the contact (a second tap meanwhile is a duplicate). */
async function storeContact(userId: string | null, fields: Required<TrustedContactInput>): Promise<TrustedContactRow> {
  const existing = await db.trustedContacts.get(fields._id)
  if (existing && existing.userId !== null && existing.userId !== userId) {
    throw new TrustedContactError('notFound', TrustedContactText.notFound)
  }
  const shown = visibleTo(await db.trustedContacts.toArray(), userId)
  if (shown.some((row) => row.phone === fields.phone && row._id !== fields._id)) {
    throw new TrustedContactError('duplicate', TrustedContactText.duplicate, {
      phone: TrustedContactText.duplicate,
    })
  }
  // A new contact counts against the list she sees; one moved into her account, against her account's (the server's).
  const moving = existing?.userId === null && userId !== null
  const counted = existing ? (moving ? shown.filter((row) => row.userId === userId) : []) : shown
  if (counted.length >= TRUSTED_CONTACTS_MAX) throw new TrustedContactError('tooMany', TrustedContactText.tooMany)
  const row: TrustedContactRow = {
    ...fields,
    userId,
    createdAt: existing?.createdAt ?? new Date().toISOString(),
  }
  await db.trustedContacts.put(row)
  return row
}

/**
 * Removes a contact from the list: one of hers is deleted here and queued as 'trusted.delete'; one kept on this
 * phone only is deleted here (no op). Nothing happens for a contact that is gone or not shown to whoever is signed in.
 */
export async function deleteTrustedContact(id: string): Promise<void> {
  const userId = (await db.user.get('me'))?.user._id ?? null
  const row = await db.trustedContacts.get(id)
  if (!row) return
  if (row.userId === null) {
    await db.trustedContacts.delete(id)
    return
  }
  if (row.userId !== userId) return
  await queueOp('trusted.delete', { _id: id }, async () => {
    if ((await signedInId()) !== userId) throw new NotSignedInError()
    await db.trustedContacts.delete(id)
  })
}

/**
 * Adds a contact kept on this phone only to the signed-in account ('trusted.save' with the same id). 'merged' when
 * her account has that number already: the phone's copy is dropped, as the account's one is shown. Throws
 * NotSignedInError when nobody is signed in, TrustedContactError as saveTrustedContact does.
 */
export async function addTrustedContactToAccount(id: string): Promise<'added' | 'merged'> {
  const outcome = await db.transaction('rw', [db.user, db.trustedContacts], async () => {
    const userId = await signedInId()
    if (!userId) throw new NotSignedInError()
    const row = await db.trustedContacts.get(id)
    if (!row || row.userId !== null) throw new TrustedContactError('notFound', TrustedContactText.notFound)
    const hers = await db.trustedContacts.where('userId').equals(userId).toArray()
    if (!hers.some((c) => normalizePhone(c.phone) === normalizePhone(row.phone))) return row
    await db.trustedContacts.delete(id)
    return 'merged' as const
  })
  if (outcome === 'merged') return 'merged'
  await saveTrustedContact({ _id: outcome._id, name: outcome.name, phone: outcome.phone })
  return 'added'
}

/** Her account's contacts on this phone (userId), e.g. to ask at logout whether to keep them. */
export async function accountContactsOnPhone(userId: string): Promise<TrustedContactRow[]> {
  return visibleTo(await db.trustedContacts.where('userId').equals(userId).toArray(), userId)
}

/**
 * At logout, what becomes of her account's contacts on this phone. Kept: they become contacts kept on this phone
 * only, so the SOS still texts them signed out (and anyone who uses this phone sees them, as she was told).
 * Removed: they leave this phone (they stay in her account). Either way the pull cursor of her account goes, so
 * that at her next sign-in the pull brings her contacts back as hers (db/trustedContacts.ts). Runs in the caller's
 * transaction when there is one.
 */
export async function leaveAccountContacts(userId: string, keep: boolean): Promise<void> {
  await db.transaction('rw', [db.trustedContacts, db.meta], async () => {
    const hers = db.trustedContacts.where('userId').equals(userId)
    const changed = keep ? await hers.modify({ userId: null }) : await hers.delete()
    if (changed > 0) await db.meta.delete(cursorKey(userId))
  })
}
