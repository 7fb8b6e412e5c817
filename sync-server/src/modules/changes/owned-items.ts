import type { Entity } from '@wings/contract'
import type { Transact } from '../../db/connection.ts'
import type { HttpError } from '../../http-error.ts'
import type { ChangesRepo } from './repo.ts'

interface Deps<R, T> {
  items: { find(id: string): R | undefined; delete(id: string): void }
  changes: ChangesRepo
  transact: Transact
  /** The entity named in her pulls' changes. */
  entity: Entity
  toView(record: R): T
  notFound(): HttpError
  notYours(): HttpError
}

/** The owner-only rules of items a user keeps for herself (saved routes, trusted contacts): delete and load. */
export function ownedItems<R extends { userId: string }, T>({
  items,
  changes,
  transact,
  entity,
  toView,
  notFound,
  notYours,
}: Deps<R, T>) {
  return {
    /** 404 when there is none, 403 when it is not hers; the change is recorded in the same transaction. */
    remove(userId: string, id: string): void {
      transact(() => {
        const item = items.find(id)
        if (!item) throw notFound()
        if (item.userId !== userId) throw notYours()
        items.delete(id)
        changes.record(userId, entity, id, new Date().toISOString())
      })
    },
    /** For pulls: her item as it is now; undefined when it is gone or the id is someone else's item now. */
    load(id: string, userId: string): T | undefined {
      const record = items.find(id)
      return record?.userId === userId ? toView(record) : undefined
    },
  }
}
