import { Dexie } from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { declareSchema } from '../../db/db.ts'
import { namedPhoneStores, STORED_DATA } from './stored-data.ts'

/** The stores the app's schema declares (its latest version), on a database of the test's own. */
function declaredStores(extra?: (db: Dexie) => void): string[] {
  const db = new Dexie(`privacy-${crypto.randomUUID()}`)
  declareSchema(db)
  extra?.(db)
  opened.push(db)
  return db.tables.map((table) => table.name).sort()
}

const opened: Dexie[] = []
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

describe('the Privacy page and the phone’s stores (db/db.ts)', () => {
  it('names every store the phone keeps', () => {
    const named = namedPhoneStores()
    const unnamed = declaredStores().filter((store) => !named.has(store))
    expect(unnamed, 'say on the Privacy page what these hold: stored-data.ts').toEqual([])
  })

  it('names no store the phone does not keep', () => {
    const declared = new Set(declaredStores())
    const gone = [...namedPhoneStores()].filter((store) => !declared.has(store))
    expect(gone, 'the Privacy page names stores that no longer exist').toEqual([])
  })

  it('catches a store a new schema version adds', () => {
    const named = namedPhoneStores()
    const stores = declaredStores((db) => db.version(100).stores({ searches: '++id, at' }))
    expect(stores.filter((store) => !named.has(store))).toEqual(['searches'])
  })

  it('says where and for how long for every item, once each', () => {
    const items = STORED_DATA.flatMap((group) => group.items)
    expect(new Set(items.map((item) => item.what)).size).toBe(items.length)
    for (const item of items) {
      expect(item.details, item.what).not.toBe('')
      expect(item.where, item.what).not.toBe('')
      expect(item.howLong, item.what).not.toBe('')
    }
  })
})
