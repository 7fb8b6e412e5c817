import { normalizePhone, type TrustedChange, type TrustedContact } from '@wings/contract'
import { opItemId, registerEntity, type Settled } from '../sync/registry.ts'
import { db } from './db.ts'

/** A pulled trusted contact is stored only when it has what the list and the SOS text need. */
function isTrustedContact(value: unknown): value is TrustedContact {
  const c = value as Partial<TrustedContact> | null | undefined
  return !!c && typeof c._id === 'string' && typeof c.name === 'string' && typeof c.phone === 'string'
}

/**
 * A pulled 'trusted' change (one of her trusted contacts). A contact with an op of hers still waiting keeps its local
 * state: that op is newer than the pulled copy. Another account's rows are left alone. A row kept on this phone only
 * with the id of one of hers is hers again: she kept her contacts on this phone at logout (leaveAccountContacts).
 */
export async function applyTrustedChange(userId: string, change: TrustedChange): Promise<void> {
  if ((await db.outbox.where('entity').equals(`trusted:${change.id}`).count()) > 0) return
  const local = await db.trustedContacts.get(change.id)
  if (local && local.userId !== null && local.userId !== userId) return
  if (change.deleted) {
    if (local) await db.trustedContacts.delete(change.id)
    return
  }
  const contact = change.data
  if (!isTrustedContact(contact) || contact._id !== change.id) return
  await db.trustedContacts.put({
    _id: contact._id,
    userId,
    name: contact.name,
    phone: normalizePhone(contact.phone),
    createdAt:
      typeof contact.createdAt === 'string' ? contact.createdAt : (local?.createdAt ?? new Date().toISOString()),
  })
}

/**
 * A trusted contact the server refused (her number twice, too many) stays on this phone for her SOS, as a contact
 * kept here only: the list offers to add it to her account again.
 */
async function keepRefusedContacts({ rejected }: Settled): Promise<void> {
  for (const op of rejected) {
    const id = opItemId(op)
    if (op.type !== 'trusted.save' || id === undefined) continue
    await db.trustedContacts
      .where('_id')
      .equals(id)
      .and((row) => row.userId === op.userId)
      .modify({ userId: null })
  }
}

registerEntity('trusted', {
  tables: [db.trustedContacts, db.outbox],
  applyChange: applyTrustedChange,
  onSettled: keepRefusedContacts,
})
