import type { Db } from '../db/connection.ts'

/**
 * `db`, running `meanwhile` just before each use of a statement prepared from text containing `marker`: what another
 * server could commit between two statements of a repo's, for tests of read-then-write races (docs/storage.md).
 */
export function interleaved(db: Db, marker: string, meanwhile: () => void): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property !== 'prepare') {
        const value = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      }
      return (text: string) => {
        const statement = target.prepare(text)
        if (!text.includes(marker)) return statement
        return new Proxy(statement, {
          get(inner, name) {
            const value = Reflect.get(inner, name, inner)
            if (typeof value !== 'function') return value
            return (...args: unknown[]) => {
              meanwhile()
              return value.apply(inner, args)
            }
          },
        })
      }
    },
  })
}
