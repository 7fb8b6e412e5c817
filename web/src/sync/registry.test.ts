import type { Entity } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { db } from '../db/db.ts'
import { applierOf, opItemId, settleHandlers, tablesWith } from './registry.ts'

// The test setup loads db/entities.ts, as the page and the service worker do.
describe('the sync registry', () => {
  it('knows every entity a pull carries, and skips one this version does not know', () => {
    for (const entity of ['user', 'story', 'draft', 'route', 'trusted'] as const) {
      expect(applierOf(entity), entity).toBeTypeOf('function')
    }
    expect(applierOf('later' as Entity)).toBeUndefined()
    // user, story (tells the blog's screens), route and trusted keep something of their settled ops.
    expect(settleHandlers()).toHaveLength(4)
  })

  it("spans the engine's own tables and every entity's, each once", () => {
    const names = tablesWith(db.outbox, db.meta).map((table) => table.name)
    expect(names.sort()).toEqual(
      ['drafts', 'meta', 'outbox', 'savedRoutes', 'stories', 'storyLists', 'trustedContacts', 'user'].sort(),
    )
  })

  it("reads the id an op's payload names", () => {
    expect(opItemId({ payload: { _id: 'r1' } })).toBe('r1')
    expect(opItemId({ payload: { _id: 3 } })).toBeUndefined()
    expect(opItemId({ payload: null })).toBeUndefined()
  })
})
