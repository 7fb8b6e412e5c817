import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { freshApp } from '../../testing/fresh-app.ts'
import { anOp, type Cookies, opStatuses, pushOps } from '../../testing/sync-ops.ts'
import { type TestApp, twoUsers } from '../../testing/test-app.ts'

let t: TestApp

const STORY = 'aaaaaaaaaaaaaaaaaaaaaa07'
const DRAFT = 'bbbbbbbbbbbbbbbbbbbbbb07'
const ROUTE = 'cccccccccccccccccccccc07'
const CONTACT = 'dddddddddddddddddddddd07'

const push = (ops: unknown[], cookies: Cookies) => pushOps(t.app, ops, { cookies, clientId: randomUUID() })
const get = (url: string, cookies: Cookies) => t.app.inject({ url, cookies }).then((r) => r.json())
const idOf = async (cookies: Cookies): Promise<string> => (await get('/api/profile', cookies)).data._id

/** One entity of each type the pull serves, with the given ids, its text marked with `who`. */
const createAll = (userId: string, who: string) => [
  anOp('story.create', { _id: STORY, title: `${who} story`, content: `${who} wrote this`, anonymous: true }),
  anOp('draft.save', { _id: DRAFT, title: `${who} draft`, content: `${who} private draft` }),
  anOp('route.save', {
    _id: ROUTE,
    userId,
    currentLocation: [12.9352, 77.6245],
    destinationLocation: [12.9756, 77.6069],
    currentLocationName: `${who} home`,
    destinationLocationName: `${who} work`,
  }),
  anOp('trusted.save', { _id: CONTACT, name: `${who} mother`, phone: '+91 98765 43210' }),
]

const deleteAll = () => [
  anOp('story.delete', { _id: STORY }),
  anOp('draft.delete', { _id: DRAFT }),
  anOp('route.delete', { _id: ROUTE }),
  anOp('trusted.delete', { _id: CONTACT }),
]

describe('GET /api/sync/pull and ids taken over by another account', () => {
  it("answers an id she deleted and someone else re-created as deleted, never with the other's data", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const meeraId = await idOf(meera)
    expect(opStatuses(await push(createAll(await idOf(asha), 'Asha'), asha))).toEqual(Array(4).fill('applied'))
    const before = await get('/api/sync/pull?since=0', asha)
    expect(opStatuses(await push(deleteAll(), asha))).toEqual(Array(4).fill('applied'))

    // Meera (on purpose or by chance) creates her own story, draft, saved route and contact with the freed ids.
    expect(opStatuses(await push(createAll(meeraId, 'Meera'), meera))).toEqual(Array(4).fill('applied'))

    for (const since of [0, before.cursor]) {
      const res = await t.app.inject({ url: `/api/sync/pull?since=${since}`, cookies: asha })
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain('Meera')
      expect(res.body).not.toContain(meeraId)
      const gone = res.json().changes.filter((c: { entity: string }) => c.entity !== 'user')
      expect(gone).toEqual(
        [
          ['story', STORY],
          ['draft', DRAFT],
          ['route', ROUTE],
          ['trusted', CONTACT],
        ].map(([entity, id]) => ({ seq: expect.any(Number), entity, id, deleted: true })),
      )
    }

    // Meera's own pull still brings all four, hers in full.
    const hers = (await get('/api/sync/pull?since=0', meera)).changes.filter(
      (c: { entity: string }) => c.entity !== 'user',
    )
    expect(hers.map((c: { data: { _id: string } }) => c.data._id)).toEqual([STORY, DRAFT, ROUTE, CONTACT])
    expect(hers[0].data).toMatchObject({ authorId: meeraId, anonymous: true })
  })
})
