import type { Db } from '../../db/connection.ts'
import { findOne } from '../../db/rows.ts'

interface DraftRow {
  id: string
  user_id: string
  title: string
  content: string
  anonymous: number
  updated_at: string
}

export interface DraftRecord {
  id: string
  userId: string
  title: string
  content: string
  anonymous: boolean
  updatedAt: string
}

const toRecord = (row: DraftRow): DraftRecord => ({
  id: row.id,
  userId: row.user_id,
  title: row.title,
  content: row.content,
  anonymous: row.anonymous === 1,
  updatedAt: row.updated_at,
})

const COLUMNS = 'id, user_id, title, content, anonymous, updated_at'

export function createDraftsRepo(db: Db) {
  const byId = db.prepare<[string], DraftRow>(`SELECT ${COLUMNS} FROM drafts WHERE id = ?`)
  const byUser = db.prepare<[string], DraftRow>(
    `SELECT ${COLUMNS} FROM drafts WHERE user_id = ? ORDER BY updated_at DESC, id`,
  )
  const insert = db.prepare(`INSERT INTO drafts (id, user_id, title, content, anonymous, created_at, updated_at)
    VALUES (@id, @userId, @title, @content, @anonymous, @updatedAt, @updatedAt)`)
  const update = db.prepare(
    `UPDATE drafts SET title = @title, content = @content, anonymous = @anonymous, updated_at = @updatedAt
    WHERE id = @id`,
  )
  const remove = db.prepare('DELETE FROM drafts WHERE id = ?')
  return {
    find: findOne(byId, toRecord),
    byUser: (userId: string): DraftRecord[] => byUser.all(userId).map(toRecord),
    insert(draft: DraftRecord): void {
      insert.run({ ...draft, anonymous: draft.anonymous ? 1 : 0 })
    },
    update(draft: Omit<DraftRecord, 'userId'>): void {
      update.run({ ...draft, anonymous: draft.anonymous ? 1 : 0 })
    },
    delete(id: string): void {
      remove.run(id)
    },
  }
}

export type DraftsRepo = ReturnType<typeof createDraftsRepo>
