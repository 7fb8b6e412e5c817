import { renderHook, waitFor } from '@testing-library/react'
import { TRUSTED_CONTACTS_MAX } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db, type TrustedContactRow } from '../../db/db.ts'
import { storeServerUser } from '../../db/user.ts'
import { cursorKey } from '../../sync/engine.ts'
import { NotSignedInError } from '../../sync/outbox.ts'
import { testUser } from '../../test/fixtures.ts'
import { clearDb } from '../../test/sync.ts'
import {
  accountContactsOnPhone,
  addTrustedContactToAccount,
  deleteTrustedContact,
  leaveAccountContacts,
  saveTrustedContact,
  TrustedContactError,
  trustedContactsNow,
  useTrustedContacts,
} from './contacts.ts'

const asha = testUser()
const meera = testUser({ _id: 'b'.repeat(24), firstName: 'Meera', email: 'meera@example.in' })
const PHONE_MESSAGE = 'Phone must be a 10-digit number, e.g. 98765 43210, or start with + and the country code'
const DUPLICATE = 'This number is already in your trusted contacts'

const ops = async () => (await db.outbox.orderBy('seq').toArray()).map((o) => ({ type: o.type, payload: o.payload }))
const row = (n: number, userId: string | null, over: Partial<TrustedContactRow> = {}): TrustedContactRow => ({
  _id: `${'f'.repeat(22)}${String(n).padStart(2, '0')}`,
  userId,
  name: `Friend ${n}`,
  phone: `+4420794609${String(n).padStart(2, '0')}`,
  createdAt: `2025-03-01T10:${String(n).padStart(2, '0')}:00.000Z`,
  ...over,
})
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => error,
  )

describe('trusted contacts on the phone', () => {
  beforeEach(async () => {
    await clearDb()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('signed in: stores her contact (name trimmed, phone normalized) and queues trusted.save in one transaction', async () => {
    await storeServerUser(asha)
    const transaction = vi.spyOn(db, 'transaction')
    const saved = await saveTrustedContact({ name: '  Amma ', phone: '+91 98765-43210' })
    expect(transaction).toHaveBeenCalledTimes(1)
    expect(saved).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      userId: asha._id,
      name: 'Amma',
      phone: '+919876543210',
      createdAt: expect.any(String),
    })
    expect(await db.trustedContacts.toArray()).toEqual([saved])
    expect(await ops()).toEqual([
      { type: 'trusted.save', payload: { _id: saved._id, name: 'Amma', phone: '+919876543210' } },
    ])
    expect(await db.outbox.toCollection().first()).toMatchObject({ userId: asha._id, entity: `trusted:${saved._id}` })

    // An edit keeps the id and when she added it.
    const edited = await saveTrustedContact({ _id: saved._id, name: 'Amma (home)', phone: '+919876543210' })
    expect(edited).toEqual({ ...saved, name: 'Amma (home)' })
    expect((await db.outbox.toArray()).map((o) => o.entity)).toEqual([`trusted:${saved._id}`, `trusted:${saved._id}`])
  })

  it('signed out: keeps the contact on this phone only, with no op', async () => {
    const saved = await saveTrustedContact({ name: 'Amma', phone: '+91 98765 43210' })
    expect(saved).toMatchObject({ userId: null, name: 'Amma', phone: '+919876543210' })
    expect(await db.trustedContacts.toArray()).toEqual([saved])
    expect(await db.outbox.count()).toBe(0)
    await deleteTrustedContact(saved._id)
    expect(await db.trustedContacts.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('refuses a bad name or phone, a number already in the list, and stores nothing then', async () => {
    await storeServerUser(asha)
    const bad = await failure(saveTrustedContact({ name: ' ', phone: '98765 4321' }))
    expect(bad).toBeInstanceOf(TrustedContactError)
    expect(bad).toMatchObject({ reason: 'invalid', problems: { name: 'Name is required', phone: PHONE_MESSAGE } })
    await saveTrustedContact({ name: 'Amma', phone: '+919876543210' })
    // The same number typed another way, signed in or (kept on this phone only) signed out.
    const twice = await failure(saveTrustedContact({ name: 'Mother', phone: '+91 (98765) 43210' }))
    expect(twice).toMatchObject({ reason: 'duplicate', message: DUPLICATE, problems: { phone: DUPLICATE } })
    await db.trustedContacts.put(row(1, null))
    expect(await failure(saveTrustedContact({ name: 'Again', phone: row(1, null).phone }))).toMatchObject({
      reason: 'duplicate',
    })
    expect(await db.trustedContacts.count()).toBe(2)
    expect(await db.outbox.count()).toBe(1)
    // Another account's contact on this phone is no duplicate of hers.
    await db.trustedContacts.put(row(2, meera._id))
    expect((await saveTrustedContact({ name: 'Priya', phone: row(2, null).phone })).userId).toBe(asha._id)
  })

  it('stores an Indian number typed as people do in E.164, and finds it a duplicate however it is typed', async () => {
    await storeServerUser(asha)
    for (const [i, phone] of ['98765 43210', '098765-43210', '91 98765 43210', '+91 0 98765 43210'].entries()) {
      const saved = await saveTrustedContact({ _id: row(i, null)._id, name: 'Amma', phone })
      expect(saved.phone).toBe('+919876543210')
      expect((await ops()).at(-1)).toEqual({
        type: 'trusted.save',
        payload: { _id: saved._id, name: 'Amma', phone: '+919876543210' },
      })
      await db.trustedContacts.delete(saved._id)
    }
    await saveTrustedContact({ name: 'Amma', phone: '9876543210' })
    expect(await failure(saveTrustedContact({ name: 'Mother', phone: '0 98765 43210' }))).toMatchObject({
      reason: 'duplicate',
    })
  })

  it('shows a number an older version stored in another form in E.164, and stores E.164 at its next save', async () => {
    await storeServerUser(asha)
    const old = row(1, asha._id, { phone: '+9109876543210' })
    await db.trustedContacts.put(old)
    expect((await trustedContactsNow()).map((c) => c.phone)).toEqual(['+919876543210'])
    expect((await accountContactsOnPhone(asha._id)).map((c) => c.phone)).toEqual(['+919876543210'])
    expect(await failure(saveTrustedContact({ name: 'Mother', phone: '98765 43210' }))).toMatchObject({
      reason: 'duplicate',
    })
    await saveTrustedContact({ _id: old._id, name: 'Amma', phone: '98765 43210' })
    expect((await db.trustedContacts.get(old._id))?.phone).toBe('+919876543210')
  })

  it(`keeps at most ${TRUSTED_CONTACTS_MAX} contacts in the list she sees`, async () => {
    await storeServerUser(asha)
    await db.trustedContacts.bulkPut([
      ...Array.from({ length: TRUSTED_CONTACTS_MAX - 1 }, (_, i) => row(i, asha._id)),
      row(20, meera._id),
    ])
    await saveTrustedContact({ name: 'Amma', phone: '+919876543210' })
    const over = await failure(saveTrustedContact({ name: 'One more', phone: '+919876500000' }))
    expect(over).toMatchObject({
      reason: 'tooMany',
      message: `You can keep at most ${TRUSTED_CONTACTS_MAX} trusted contacts. Remove one to add another.`,
    })
    // An edit is no new contact.
    expect((await saveTrustedContact({ ...row(0, asha._id), name: 'Renamed' })).name).toBe('Renamed')
    expect(await db.outbox.count()).toBe(2)
  })

  it('deletes her contact and queues trusted.delete behind its save; one kept here only goes without an op', async () => {
    await storeServerUser(asha)
    const saved = await saveTrustedContact({ name: 'Amma', phone: '+919876543210' })
    await db.trustedContacts.bulkPut([row(1, null), row(2, meera._id)])
    await deleteTrustedContact(saved._id)
    await deleteTrustedContact(row(1, null)._id)
    // Another account's contact is not hers to remove; a gone one is nothing to do.
    await deleteTrustedContact(row(2, meera._id)._id)
    await deleteTrustedContact('0'.repeat(24))
    expect(await db.trustedContacts.toArray()).toEqual([row(2, meera._id)])
    expect(await ops()).toEqual([
      expect.objectContaining({ type: 'trusted.save' }),
      { type: 'trusted.delete', payload: { _id: saved._id } },
    ])
  })

  it('lists hers and the ones kept on this phone when signed in, only the phone’s when signed out, in order added', async () => {
    await db.trustedContacts.bulkPut([row(3, asha._id), row(1, null), row(2, meera._id), row(4, null)])
    expect((await trustedContactsNow()).map((c) => c.name)).toEqual(['Friend 1', 'Friend 4'])
    await storeServerUser(asha)
    expect((await trustedContactsNow()).map((c) => c.name)).toEqual(['Friend 1', 'Friend 3', 'Friend 4'])
    await storeServerUser(meera)
    expect((await trustedContactsNow()).map((c) => c.name)).toEqual(['Friend 1', 'Friend 2', 'Friend 4'])
  })

  it('useTrustedContacts follows the list and who is signed in, live', async () => {
    await db.trustedContacts.bulkPut([row(1, null), row(2, asha._id)])
    const { result } = renderHook(() => useTrustedContacts())
    await waitFor(() => expect(result.current?.map((c) => c.name)).toEqual(['Friend 1']))
    await saveTrustedContact({ name: 'Amma', phone: '+919876543210' })
    await waitFor(() => expect(result.current?.map((c) => c.name)).toEqual(['Friend 1', 'Amma']))
    await storeServerUser(asha)
    await waitFor(() => expect(result.current?.map((c) => c.name)).toEqual(['Friend 1', 'Friend 2', 'Amma']))
  })

  it('adds a contact kept on this phone to her account with the same id, or drops it when she has that number', async () => {
    const kept = await saveTrustedContact({ name: 'Amma', phone: '+919876543210' })
    await expect(addTrustedContactToAccount(kept._id)).rejects.toBeInstanceOf(NotSignedInError)
    await storeServerUser(asha)
    expect(await addTrustedContactToAccount(kept._id)).toBe('added')
    expect(await db.trustedContacts.get(kept._id)).toEqual({ ...kept, userId: asha._id })
    expect(await ops()).toEqual([
      { type: 'trusted.save', payload: { _id: kept._id, name: 'Amma', phone: '+919876543210' } },
    ])
    // Hers already: not a contact kept here only any more.
    expect(await failure(addTrustedContactToAccount(kept._id))).toMatchObject({ reason: 'notFound' })

    await db.trustedContacts.put(row(1, null, { phone: kept.phone }))
    expect(await addTrustedContactToAccount(row(1, null)._id)).toBe('merged')
    expect(await db.trustedContacts.toArray()).toEqual([{ ...kept, userId: asha._id }])
    expect(await db.outbox.count()).toBe(1)
  })

  it(`does not move a contact into an account that holds ${TRUSTED_CONTACTS_MAX} already`, async () => {
    await storeServerUser(asha)
    await db.trustedContacts.bulkPut(Array.from({ length: TRUSTED_CONTACTS_MAX }, (_, i) => row(i, asha._id)))
    await db.trustedContacts.put(row(30, null))
    expect(await failure(addTrustedContactToAccount(row(30, null)._id))).toMatchObject({ reason: 'tooMany' })
    expect((await db.trustedContacts.get(row(30, null)._id))?.userId).toBeNull()
    expect(await db.outbox.count()).toBe(0)
  })

  it('at logout, keeps her account’s contacts on this phone only (the SOS still texts them), or removes them', async () => {
    await db.trustedContacts.bulkPut([row(1, asha._id), row(2, null), row(3, meera._id), row(4, asha._id)])
    await db.meta.bulkPut([
      { key: cursorKey(asha._id), value: 40 },
      { key: cursorKey(meera._id), value: 7 },
    ])
    expect((await accountContactsOnPhone(asha._id)).map((c) => c.name)).toEqual(['Friend 1', 'Friend 4'])
    await leaveAccountContacts(asha._id, true)
    // Nobody signed in: the SOS texts the phone's contacts, hers now among them.
    expect((await trustedContactsNow()).map((c) => c.name)).toEqual(['Friend 1', 'Friend 2', 'Friend 4'])
    expect(await accountContactsOnPhone(asha._id)).toEqual([])
    // Her next sign-in pulls from the start, so the contacts she kept become hers again.
    expect(await db.meta.get(cursorKey(asha._id))).toBeUndefined()
    expect((await db.meta.get(cursorKey(meera._id)))?.value).toBe(7)
  })

  it('at logout, removing leaves nothing of her account’s contacts on this phone for the next person', async () => {
    await db.trustedContacts.bulkPut([row(1, asha._id), row(2, null), row(3, meera._id), row(4, asha._id)])
    await db.meta.put({ key: cursorKey(asha._id), value: 40 })
    await leaveAccountContacts(asha._id, false)
    expect((await db.trustedContacts.orderBy('_id').toArray()).map((c) => c.name)).toEqual(['Friend 2', 'Friend 3'])
    expect(await db.meta.get(cursorKey(asha._id))).toBeUndefined()
    await storeServerUser(meera)
    expect((await trustedContactsNow()).map((c) => c.name)).toEqual(['Friend 2', 'Friend 3'])
  })

  it('at logout with none of her contacts on this phone, keeps her pull cursor', async () => {
    await db.trustedContacts.put(row(2, null))
    await db.meta.put({ key: cursorKey(asha._id), value: 40 })
    await leaveAccountContacts(asha._id, false)
    expect((await db.meta.get(cursorKey(asha._id)))?.value).toBe(40)
    expect(await db.trustedContacts.count()).toBe(1)
  })
})
