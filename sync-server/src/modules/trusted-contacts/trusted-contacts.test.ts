import { randomUUID } from 'node:crypto'
import { TRUSTED_CONTACTS_MAX } from '@wings/contract'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { expectInvalid } from '../../testing/answers.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import { anOp, type Cookies, opStatuses, pushOps } from '../../testing/sync-ops.ts'
import { MEERA, readDatabase, type SendArgs, send, signedIn, type TestApp, twoUsers } from '../../testing/test-app.ts'

let t: TestApp

const AMMA = 'dddddddddddddddddddddd01'
const UNKNOWN = 'abcdefabcdefabcdefabcdef'
const clientId = randomUUID()
const PHONE_MESSAGE = 'Phone must be a 10-digit number, e.g. 98765 43210, or start with + and the country code'
const signedOut = { success: false, message: 'Please log in to continue', code: 'UNAUTHENTICATED' }
const duplicate = { success: false, message: 'This number is already in your trusted contacts', code: 'CONFLICT' }
const notYours = { success: false, message: 'This trusted contact belongs to another account', code: 'FORBIDDEN' }
const notFound = { success: false, message: 'This trusted contact does not exist', code: 'NOT_FOUND' }

const call = (...request: SendArgs) => send(t.app, ...request)
const get = (url: string, cookies: Cookies = {}) => call('GET', url, cookies).then((r) => r.json())
const save = (cookies: Cookies, body: unknown) => call('POST', '/api/contacts/trusted', cookies, body)
const list = async (cookies: Cookies) => (await get('/api/contacts/trusted', cookies)).contacts
const push = (ops: unknown[], cookies: Cookies = {}) => pushOps(t.app, ops, { cookies, clientId })

/** A contact's number as its owner types it. */
const amma = (extra: Record<string, unknown> = {}) => ({ name: 'Amma', phone: '+91 98765 43210', ...extra })
const nth = (i: number) => ({
  _id: i.toString(16).padStart(24, 'e'),
  name: `Friend ${i}`,
  phone: `+4420794609${String(i).padStart(2, '0')}`,
})

/** Rows in the table, and the 'trusted' changes recorded (read as another connection sees them). */
function counts() {
  return readDatabase(t.dbFile, (db) => ({
    contacts: db.prepare('SELECT count(*) FROM trusted_contacts').pluck().get(),
    changes: db.prepare("SELECT count(*) FROM changes WHERE entity = 'trusted'").pluck().get(),
  }))
}

describe('POST /api/contacts/trusted', () => {
  it('saves her contact (name trimmed, phone normalized) and lists hers in the order she added them', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const res = await save(asha, amma({ name: '  Amma ', phone: '(+91) 98765-43210' }))
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      success: true,
      message: 'Contact saved',
      contact: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Amma',
        phone: '+919876543210',
        createdAt: expect.any(String),
      },
    })
    const first = res.json().contact
    const second = await save(asha, { _id: AMMA, name: 'Priya', phone: '+44 20 7946 0958' })
    expect(second.statusCode).toBe(201)
    expect(second.json().contact).toMatchObject({ _id: AMMA, name: 'Priya', phone: '+442079460958' })

    expect(await get('/api/contacts/trusted', asha)).toEqual({
      success: true,
      contacts: [first, second.json().contact],
    })
    const meera = await signedIn(t.app, MEERA)
    expect(await list(meera)).toEqual([])
    // Another user may trust the same number.
    expect((await save(meera, amma())).statusCode).toBe(201)
  })

  it.each([
    ['10 digits', '98765 43210'],
    ['a trunk 0 and dashes', '098765-43210'],
    ['91 without +', '91 98765 43210'],
    ['+91 and a trunk 0', '+91 0 98765 43210'],
  ])('takes an Indian number typed with %s and stores it as E.164', async (_case, phone) => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const res = await save(asha, amma({ phone }))
    expect(res.statusCode).toBe(201)
    expect(res.json().contact.phone).toBe('+919876543210')
    expect(readDatabase(t.dbFile, (db) => db.prepare('SELECT phone FROM trusted_contacts').pluck().all())).toEqual([
      '+919876543210',
    ])
    // The same number typed another way is the same contact.
    expect((await save(asha, amma({ name: 'Mother', phone: '+91 98765 43210' }))).json()).toEqual(duplicate)
  })

  it('answers a number an older version stored in another form in E.164, finds it a duplicate, and stores E.164 at its next save', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    await save(asha, amma({ _id: AMMA }))
    const db = new Database(t.dbFile)
    try {
      db.prepare("UPDATE trusted_contacts SET phone = '+9109876543210' WHERE id = ?").run(AMMA)
    } finally {
      db.close()
    }
    expect(await list(asha)).toEqual([expect.objectContaining({ _id: AMMA, phone: '+919876543210' })])
    const pulled = await get('/api/sync/pull?since=0', asha)
    expect(pulled.changes.find((c: { entity: string }) => c.entity === 'trusted').data.phone).toBe('+919876543210')
    expect((await save(asha, { name: 'Mother', phone: '98765 43210' })).json()).toEqual(duplicate)

    expect((await save(asha, { _id: AMMA, name: 'Amma (home)', phone: '0 98765 43210' })).statusCode).toBe(200)
    expect(
      readDatabase(t.dbFile, (d) => d.prepare('SELECT phone FROM trusted_contacts WHERE id = ?').pluck().get(AMMA)),
    ).toBe('+919876543210')
  })

  it('updates her contact by its id (200), keeping when it was added', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const created = (await save(asha, amma({ _id: AMMA }))).json().contact
    const res = await save(asha, { _id: AMMA, name: 'Amma (home)', phone: '+91 98765 00000' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      message: 'Contact saved',
      contact: { _id: AMMA, name: 'Amma (home)', phone: '+919876500000', createdAt: created.createdAt },
    })
    // Her own number again under the same contact is no duplicate.
    expect((await save(asha, { _id: AMMA, name: 'Amma', phone: '+919876500000' })).statusCode).toBe(200)
    expect(await list(asha)).toHaveLength(1)
  })

  it('answers 409 for a number she already has under another contact (as typed differently), and saves nothing', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    await save(asha, amma({ _id: AMMA }))
    await save(asha, { name: 'Priya', phone: '+442079460958' })
    const before = counts()
    for (const body of [
      amma({ name: 'Mother', phone: '+919876543210' }),
      amma({ _id: UNKNOWN, phone: '+91.98765.43210' }),
      // Editing another contact to her mother's number.
      {
        _id: (await list(asha)).find((c: { name: string }) => c.name === 'Priya')._id,
        name: 'Priya',
        phone: '+91 98765 43210',
      },
    ]) {
      const res = await save(asha, body)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual(duplicate)
    }
    expect(counts()).toEqual(before)
  })

  it(`keeps at most ${TRUSTED_CONTACTS_MAX} contacts per account (409), while edits still go through`, async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    for (let i = 0; i < TRUSTED_CONTACTS_MAX; i++) expect((await save(asha, nth(i))).statusCode).toBe(201)
    const res = await save(asha, amma())
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      success: false,
      message: `You can keep at most ${TRUSTED_CONTACTS_MAX} trusted contacts. Remove one to add another.`,
      code: 'CONFLICT',
    })
    // A duplicate is still told as a duplicate, and an edit is no new contact.
    expect((await save(asha, { ...nth(1), _id: UNKNOWN })).json()).toEqual(duplicate)
    expect((await save(asha, { ...nth(1), name: 'Renamed' })).statusCode).toBe(200)
    expect(counts().contacts).toBe(TRUSTED_CONTACTS_MAX)
  })

  it("refuses another user's contact id with 403 and writes nothing", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    await save(asha, amma({ _id: AMMA }))
    const before = counts()
    const res = await save(meera, { _id: AMMA, name: 'Mine now', phone: '+919999999999' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual(notYours)
    expect(counts()).toEqual(before)
    expect(await list(asha)).toEqual([expect.objectContaining({ _id: AMMA, name: 'Amma', phone: '+919876543210' })])
    expect(await list(meera)).toEqual([])
  })

  it.each([
    ['no name', { name: undefined }, 'Name is required'],
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a long name', { name: 'x'.repeat(81) }, 'Name must be at most 80 characters'],
    ['no phone', { phone: undefined }, 'Phone is required'],
    ['a phone of 9 digits', { phone: '98765 4321' }, PHONE_MESSAGE],
    ['a phone of 11 digits', { phone: '98765 432101' }, PHONE_MESSAGE],
    ['+91 and 9 digits', { phone: '+91 98765 4321' }, PHONE_MESSAGE],
    ['+91 and a national number starting with 0', { phone: '+91 01234 56789' }, PHONE_MESSAGE],
    ['a phone with 00', { phone: '0091 98765 43210' }, PHONE_MESSAGE],
    ['a phone too short', { phone: '+91 98765' }, PHONE_MESSAGE],
    ['a phone too long', { phone: '+91 98765 43210 12345' }, PHONE_MESSAGE],
    ['a phone with letters', { phone: '+91 CALL ME' }, PHONE_MESSAGE],
    ['a phone as a number', { phone: 919876543210 }, PHONE_MESSAGE],
    ['a bad _id', { _id: 'amma' }, 'Id must be 24 hexadecimal characters'],
    ['an extra field', { userId: 'a'.repeat(24) }, 'Unknown field: userId'],
  ])('refuses %s with 400', async (_case, extra, message) => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    expectInvalid(await save(asha, amma(extra)), message)
    expect(counts()).toEqual({ contacts: 0, changes: 0 })
  })
})

describe('DELETE /api/contacts/trusted/:id', () => {
  it("removes her contact ('Contact removed'); another user's is 403, an unknown one 404, a bad id 400", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    await save(asha, amma({ _id: AMMA }))

    const foreign = await call('DELETE', `/api/contacts/trusted/${AMMA}`, meera)
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual(notYours)
    expect(counts().contacts).toBe(1)

    const res = await call('DELETE', `/api/contacts/trusted/${AMMA}`, asha)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'Contact removed' })
    expect(await list(asha)).toEqual([])

    const gone = await call('DELETE', `/api/contacts/trusted/${AMMA}`, asha)
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual(notFound)
    expect((await call('DELETE', `/api/contacts/trusted/${UNKNOWN}`, asha)).statusCode).toBe(404)
    const bad = await call('DELETE', '/api/contacts/trusted/amma', asha)
    expectInvalid(bad, 'Id must be 24 hexadecimal characters')
    // The number may be trusted again after removing it.
    expect((await save(asha, amma())).statusCode).toBe(201)
  })

  it('answers 401 to a visitor on all three routes', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    await save(asha, amma({ _id: AMMA }))
    for (const res of [
      await save({}, amma()),
      await save({}, {}),
      await call('GET', '/api/contacts/trusted'),
      await call('DELETE', `/api/contacts/trusted/${AMMA}`),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(signedOut)
    }
    expect(counts().contacts).toBe(1)
  })
})

describe('trusted contact ops on /api/sync/push', () => {
  it('saves, edits and deletes through the same rules; a repeated opId is a duplicate and saves nothing twice', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const add = anOp('trusted.save', { _id: AMMA, name: ' Amma ', phone: '+919876543210' })
    expect(opStatuses(await push([add, add], asha))).toEqual(['applied', 'duplicate'])
    expect(opStatuses(await push([add], asha))).toEqual(['duplicate'])
    expect(await list(asha)).toEqual([
      { _id: AMMA, name: 'Amma', phone: '+919876543210', createdAt: expect.any(String) },
    ])

    const edit = anOp('trusted.save', { _id: AMMA, name: 'Amma', phone: '+91 98765 00000' })
    const again = anOp('trusted.save', { _id: UNKNOWN, name: 'Mother', phone: '+919876500000' })
    expect(await push([edit, again], asha)).toEqual([
      expect.objectContaining({ status: 'applied' }),
      expect.objectContaining({
        status: 'rejected',
        code: 'CONFLICT',
        message: 'This number is already in your trusted contacts',
      }),
    ])
    expect((await list(asha))[0].phone).toBe('+919876500000')

    const del = anOp('trusted.delete', { _id: AMMA })
    expect(opStatuses(await push([del], asha))).toEqual(['applied'])
    expect(opStatuses(await push([del, anOp('trusted.delete', { _id: AMMA })], asha))).toEqual([
      'duplicate',
      'NOT_FOUND',
    ])
    expect(counts().contacts).toBe(0)
  })

  it("rejects another user's contact with FORBIDDEN, bad payloads as REST does, and changes nothing", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    await push([anOp('trusted.save', { _id: AMMA, ...amma() })], asha)
    const before = counts()
    const results = await push(
      [
        anOp('trusted.save', { _id: AMMA, name: 'Mine now', phone: '+919999999999' }),
        anOp('trusted.delete', { _id: AMMA }),
        anOp('trusted.save', amma()),
        anOp('trusted.save', { _id: UNKNOWN, ...amma({ phone: '98765 4321' }) }),
        anOp('trusted.delete', { _id: AMMA, userId: 'a'.repeat(24) }),
      ],
      meera,
    )
    expect(results.map(({ code, message }) => ({ code, message }))).toEqual([
      { code: 'FORBIDDEN', message: 'This trusted contact belongs to another account' },
      { code: 'FORBIDDEN', message: 'This trusted contact belongs to another account' },
      { code: 'VALIDATION_ERROR', message: 'Id is required' },
      { code: 'VALIDATION_ERROR', message: PHONE_MESSAGE },
      { code: 'VALIDATION_ERROR', message: 'Unknown field: userId' },
    ])
    expect(counts()).toEqual(before)
    expect(await list(asha)).toHaveLength(1)
  })

  it('needs a session: a batch with a trusted contact op from a visitor is refused whole (401)', async () => {
    t = await freshApp()
    const res = await call(
      'POST',
      '/api/sync/push',
      {},
      { clientId, ops: [anOp('trusted.save', { _id: AMMA, ...amma() })] },
    )
    expect(res.statusCode).toBe(401)
    expect(counts().contacts).toBe(0)
  })
})

describe('pulling trusted contacts', () => {
  it("brings her contacts (saved by op or REST), their edits and deletions to her other devices, never to another user's", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const start = (await get('/api/sync/pull?since=0', asha)).cursor
    await push([anOp('trusted.save', { _id: AMMA, ...amma() })], asha)
    const rest = (await save(asha, { name: 'Priya', phone: '+442079460958' })).json().contact

    const first = await get(`/api/sync/pull?since=${start}`, asha)
    expect(first.changes).toEqual([
      {
        seq: expect.any(Number),
        entity: 'trusted',
        id: AMMA,
        deleted: false,
        data: { _id: AMMA, name: 'Amma', phone: '+919876543210', createdAt: expect.any(String) },
      },
      { seq: expect.any(Number), entity: 'trusted', id: rest._id, deleted: false, data: rest },
    ])
    expect(
      (await get('/api/sync/pull?since=0', meera)).changes.some((c: { entity: string }) => c.entity === 'trusted'),
    ).toBe(false)

    await save(asha, { _id: rest._id, name: 'Priya S', phone: rest.phone })
    await call('DELETE', `/api/contacts/trusted/${AMMA}`, asha)
    const after = await get(`/api/sync/pull?since=${first.cursor}`, asha)
    expect(after.changes).toEqual([
      { seq: expect.any(Number), entity: 'trusted', id: rest._id, deleted: false, data: { ...rest, name: 'Priya S' } },
      { seq: expect.any(Number), entity: 'trusted', id: AMMA, deleted: true },
    ])
  })

  it('records one change per write, in the same transaction as the write', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    await save(asha, amma({ _id: AMMA }))
    expect(counts()).toEqual({ contacts: 1, changes: 1 })
    await save(asha, amma({ _id: AMMA, name: 'Amma (home)' }))
    // REPLACE: the contact's change row is renewed, not added.
    expect(counts()).toEqual({ contacts: 1, changes: 1 })
    await call('DELETE', `/api/contacts/trusted/${AMMA}`, asha)
    expect(counts()).toEqual({ contacts: 0, changes: 1 })
    expect((await save(asha, { name: 'Priya', phone: 'nope' })).statusCode).toBe(400)
    expect(counts()).toEqual({ contacts: 0, changes: 1 })
  })
})
