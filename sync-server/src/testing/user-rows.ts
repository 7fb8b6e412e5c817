import type { Db } from '../db/connection.ts'

interface UserRow {
  id: string
  email: string
  firstName: string
  lastName: string
  age: number
  passwordHash: string
  /** Its created_at and updated_at. */
  at: string
}

/** Writes a user straight into the users table, for repo tests and for accounts an older version made. */
export function insertUserRow(db: Db, row: Partial<UserRow> & { id: string }): void {
  const { email = 'a@b.in', firstName = 'A', lastName = 'B', age = 30, passwordHash = 'h' } = row
  const at = row.at ?? new Date().toISOString()
  db.prepare(
    `INSERT INTO users (id, email, first_name, last_name, age, gender, password_hash, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'female', ?, ?, ?)`,
  ).run(row.id, email, firstName, lastName, age, passwordHash, at, at)
}
