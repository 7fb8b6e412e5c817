import type { Gender, User } from '@wings/contract'
import type { Db } from '../../db/connection.ts'

interface UserRow {
  id: string
  email: string
  first_name: string
  last_name: string
  age: number
  gender: Gender
  password_hash: string
}

export interface NewUser {
  id: string
  email: string
  firstName: string
  lastName: string
  age: number
  gender: Gender
  passwordHash: string
  createdAt: string
}

export interface UserChanges {
  firstName?: string | undefined
  lastName?: string | undefined
  age?: number | undefined
  gender?: Gender | undefined
}

/** The one place a stored user becomes the API's user. */
function toUser(row: UserRow): User {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    age: row.age,
    gender: row.gender,
    email: row.email,
    likedPosts: [],
    dislikedPosts: [],
  }
}

const COLUMNS = 'id, email, first_name, last_name, age, gender, password_hash'

export function createUsersRepo(db: Db) {
  const insert =
    db.prepare(`INSERT INTO users (id, email, first_name, last_name, age, gender, password_hash, created_at, updated_at)
    VALUES (@id, @email, @firstName, @lastName, @age, @gender, @passwordHash, @createdAt, @createdAt)`)
  const byEmail = db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = ?`)
  const byId = db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`)
  const update = db.prepare(`UPDATE users SET
      first_name = COALESCE(@firstName, first_name),
      last_name = COALESCE(@lastName, last_name),
      age = COALESCE(@age, age),
      gender = COALESCE(@gender, gender),
      updated_at = @updatedAt
    WHERE id = @id`)

  return {
    /** Adds the user; false when the e-mail (already lower-cased) is taken. */
    insert(user: NewUser): boolean {
      try {
        insert.run(user)
        return true
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false
        throw error
      }
    },

    findWithPasswordHash(email: string): { user: User; passwordHash: string } | undefined {
      const row = byEmail.get(email)
      return row && { user: toUser(row), passwordHash: row.password_hash }
    },

    findById(id: string): User | undefined {
      const row = byId.get(id)
      return row && toUser(row)
    },

    update(id: string, changes: UserChanges, updatedAt: string): User | undefined {
      update.run({
        id,
        firstName: changes.firstName ?? null,
        lastName: changes.lastName ?? null,
        age: changes.age ?? null,
        gender: changes.gender ?? null,
        updatedAt,
      })
      return this.findById(id)
    },
  }
}

export type UsersRepo = ReturnType<typeof createUsersRepo>
