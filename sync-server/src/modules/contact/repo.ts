import type { Db } from '../../db/connection.ts'

export interface ContactMessage {
  id: string
  fullName: string
  email: string
  query: string
  createdAt: string
}

export function createContactRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO contact_messages (id, full_name, email, query, created_at)
    VALUES (@id, @fullName, @email, @query, @createdAt)`)
  return {
    insert(message: ContactMessage): void {
      insert.run(message)
    },
  }
}

export type ContactRepo = ReturnType<typeof createContactRepo>
