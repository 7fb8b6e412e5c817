import type { Db } from '../../db/connection.ts'
import { findOne } from '../../db/rows.ts'

interface TrustedContactRow {
  id: string
  user_id: string
  name: string
  phone: string
  created_at: string
  updated_at: string
}

export interface TrustedContactRecord {
  id: string
  userId: string
  name: string
  /** Normalized (normalizePhone): E.164, or another form stored by an older version until its next save. */
  phone: string
  createdAt: string
  updatedAt: string
}

const toRecord = (row: TrustedContactRow): TrustedContactRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  phone: row.phone,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const COLUMNS = 'id, user_id, name, phone, created_at, updated_at'

/** Every SQL statement on trusted_contacts. */
export function createTrustedContactsRepo(db: Db) {
  const byId = db.prepare<[string], TrustedContactRow>(`SELECT ${COLUMNS} FROM trusted_contacts WHERE id = ?`)
  // In the order she added them; the id breaks ties so the order is stable.
  const byUser = db.prepare<[string], TrustedContactRow>(
    `SELECT ${COLUMNS} FROM trusted_contacts WHERE user_id = ? ORDER BY created_at, id`,
  )
  const upsert = db.prepare(`INSERT INTO trusted_contacts (${COLUMNS})
    VALUES (@id, @userId, @name, @phone, @createdAt, @updatedAt)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, phone = excluded.phone, updated_at = excluded.updated_at`)
  const remove = db.prepare('DELETE FROM trusted_contacts WHERE id = ?')
  return {
    find: findOne(byId, toRecord),
    /** Hers, oldest first (at most TRUSTED_CONTACTS_MAX). */
    byUser: (userId: string): TrustedContactRecord[] => byUser.all(userId).map(toRecord),
    /** Inserts the contact, or updates its name and phone when its id exists (its owner and creation stay). */
    put(record: TrustedContactRecord): void {
      upsert.run(record)
    },
    delete(id: string): void {
      remove.run(id)
    },
  }
}

export type TrustedContactsRepo = ReturnType<typeof createTrustedContactsRepo>
