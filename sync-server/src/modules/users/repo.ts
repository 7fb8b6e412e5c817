import { type Gender, isLanguage, type Language, type User } from '@wings/contract'
import type { Db } from '../../db/connection.ts'
import { findOne } from '../../db/rows.ts'

interface UserRow {
  id: string
  email: string
  first_name: string
  last_name: string
  age: number
  gender: Gender
  language: string | null
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
  language?: Language | undefined
}

/** The user's story lists: likes and dislikes (story_reactions) and saves (saved_stories), newest first. */
interface StoryLists {
  likedPosts: string[]
  dislikedPosts: string[]
  savedPosts: string[]
}

/** The one place a stored user becomes the API's user. */
function toUser(row: UserRow, lists: StoryLists): User {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    age: row.age,
    gender: row.gender,
    email: row.email,
    ...lists,
    // Older users never chose one: the field is left out.
    ...(isLanguage(row.language) ? { language: row.language } : {}),
  }
}

const COLUMNS = 'id, email, first_name, last_name, age, gender, language, password_hash'

export function createUsersRepo(db: Db) {
  const insert =
    db.prepare(`INSERT INTO users (id, email, first_name, last_name, age, gender, password_hash, created_at, updated_at)
    VALUES (@id, @email, @firstName, @lastName, @age, @gender, @passwordHash, @createdAt, @createdAt)
    ON CONFLICT (email) DO NOTHING`)
  const byEmail = db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = ?`)
  const byId = db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`)
  // One statement for the three lists: every signed-in request loads its user, so this stays one index range each.
  const storyLists = db.prepare<[string, string], { story_id: string; kind: 'like' | 'dislike' | 'save' }>(
    `SELECT story_id, kind, created_at AS at FROM story_reactions WHERE user_id = ?
     UNION ALL
     SELECT story_id, 'save' AS kind, saved_at AS at FROM saved_stories WHERE user_id = ?
     ORDER BY at DESC, story_id`,
  )
  const withLists = (row: UserRow): User => {
    const lists: StoryLists = { likedPosts: [], dislikedPosts: [], savedPosts: [] }
    for (const { story_id, kind } of storyLists.all(row.id, row.id)) {
      const list = kind === 'like' ? lists.likedPosts : kind === 'dislike' ? lists.dislikedPosts : lists.savedPosts
      list.push(story_id)
    }
    return toUser(row, lists)
  }
  const update = db.prepare(`UPDATE users SET
      first_name = COALESCE(@firstName, first_name),
      last_name = COALESCE(@lastName, last_name),
      age = COALESCE(@age, age),
      gender = COALESCE(@gender, gender),
      language = COALESCE(@language, language),
      updated_at = @updatedAt
    WHERE id = @id`)

  return {
    /**
     * Adds the user; false when the e-mail (already lower-cased) is taken. The database decides, without an error:
     * in PostgreSQL a failed statement would end the caller's transaction.
     */
    insert: (user: NewUser): boolean => insert.run(user).changes === 1,

    findWithPasswordHash(email: string): { user: User; passwordHash: string } | undefined {
      const row = byEmail.get(email)
      return row && { user: withLists(row), passwordHash: row.password_hash }
    },

    findById: findOne(byId, withLists),

    update(id: string, changes: UserChanges, updatedAt: string): User | undefined {
      update.run({
        id,
        firstName: changes.firstName ?? null,
        lastName: changes.lastName ?? null,
        age: changes.age ?? null,
        gender: changes.gender ?? null,
        language: changes.language ?? null,
        updatedAt,
      })
      return this.findById(id)
    },
  }
}

export type UsersRepo = ReturnType<typeof createUsersRepo>
