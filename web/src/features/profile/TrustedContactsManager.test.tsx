import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TRUSTED_CONTACTS_MAX } from '@wings/contract'
import { beforeEach, describe, expect, it } from 'vitest'
import { db, type TrustedContactRow } from '../../db/db.ts'
import { noNetwork, server } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { TrustedContactsManager } from './TrustedContactsManager.tsx'

const asha = testUser()
const PHONE_MESSAGE = 'Phone must be a 10-digit number, e.g. 98765 43210, or start with + and the country code'

const row = (n: number, userId: string | null, name = `Friend ${n}`): TrustedContactRow => ({
  _id: `${'f'.repeat(22)}${String(n).padStart(2, '0')}`,
  userId,
  name,
  phone: `+4420794609${String(n).padStart(2, '0')}`,
  createdAt: `2025-03-01T10:${String(n).padStart(2, '0')}:00.000Z`,
})
const opTypes = async () => (await db.outbox.orderBy('seq').toArray()).map((o) => o.type)
const names = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.trusted-contact__name')?.textContent)

describe('TrustedContactsManager', () => {
  beforeEach(async () => {
    // Offline: the sync engine is not started here, and nothing must reach a server.
    server.use(noNetwork())
    await clearDb()
  })

  it('signed out: says contacts stay on this phone, shows field errors, and adds one with no op', async () => {
    const user = userEvent.setup()
    renderInApp(<TrustedContactsManager />, '/profile')
    expect(await screen.findByRole('heading', { level: 2, name: 'Trusted contacts' })).toBeTruthy()
    await screen.findByText('No trusted contacts yet.')
    const note = screen.getByText(/Kept on this phone only\./)
    expect(note.textContent).toBe('Kept on this phone only. Log in to keep them in your account.')
    expect(within(note).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login')

    const form = screen.getByRole('form', { name: 'Add a trusted contact' })
    const phone = within(form).getByLabelText('Phone number')
    expect(phone.getAttribute('type')).toBe('tel')
    expect(screen.getByText('10 digits, e.g. 98765 43210; outside India, + and the country code').id).toBe(
      phone.getAttribute('aria-describedby')?.split(' ')[0],
    )
    await user.click(within(form).getByRole('button', { name: 'Add contact' }))
    expect(await screen.findByText('Name is required')).toBeTruthy()
    expect(screen.getByText(PHONE_MESSAGE)).toBeTruthy()
    expect(phone.getAttribute('aria-invalid')).toBe('true')
    expect(await db.trustedContacts.count()).toBe(0)

    await user.type(within(form).getByLabelText('Name'), 'Amma')
    // As people type a number in India: with a trunk 0 and a dash; it is stored in E.164.
    await user.type(phone, '098765-43210')
    await user.click(within(form).getByRole('button', { name: 'Add contact' }))
    await waitFor(() => expect(names()).toEqual(['Amma']))
    expect(screen.getByText('+919876543210')).toBeTruthy()
    expect(await screen.findByText('Contact saved')).toBeTruthy()
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('')
    expect(await db.trustedContacts.toArray()).toEqual([expect.objectContaining({ name: 'Amma', userId: null })])
    expect(await db.outbox.count()).toBe(0)
    // Kept on this phone, so no 'Add to my account' while signed out.
    expect(screen.queryByRole('button', { name: /to my account/ })).toBeNull()
  })

  it('signed in: lists hers and the phone’s, adds one to her account, removes one, all through the outbox', async () => {
    const user = userEvent.setup()
    await storeUser(asha)
    await db.trustedContacts.bulkPut([row(1, asha._id, 'Amma'), row(2, null, 'Priya'), row(3, 'b'.repeat(24))])
    renderInApp(<TrustedContactsManager />, '/profile')
    await waitFor(() => expect(names()).toEqual(['Amma', 'Priya']))
    expect(screen.queryByText(/Kept on this phone only\./)).toBeNull()
    expect(screen.getAllByText('On this phone only')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Add Amma to my account' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Add Priya to my account' }))
    await waitFor(() => expect(screen.queryByText('On this phone only')).toBeNull())
    expect((await db.trustedContacts.get(row(2, null)._id))?.userId).toBe(asha._id)

    await user.click(screen.getByRole('button', { name: 'Remove Amma' }))
    await waitFor(() => expect(names()).toEqual(['Priya']))
    expect(await screen.findByText('Contact removed')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Trusted contacts' }))
    expect(await opTypes()).toEqual(['trusted.save', 'trusted.delete'])
  })

  it('shows a number already in the list beside the phone field, and adds nothing', async () => {
    const user = userEvent.setup()
    await storeUser(asha)
    await db.trustedContacts.put(row(1, asha._id, 'Amma'))
    renderInApp(<TrustedContactsManager />, '/profile')
    await waitFor(() => expect(names()).toEqual(['Amma']))
    await user.type(screen.getByLabelText('Name'), 'Mother')
    await user.type(screen.getByLabelText('Phone number'), '+44 20 7946 0901')
    await user.click(screen.getByRole('button', { name: 'Add contact' }))
    const error = await screen.findByText('This number is already in your trusted contacts')
    expect(screen.getByLabelText('Phone number').getAttribute('aria-describedby')).toContain(error.id)
    expect(await db.trustedContacts.count()).toBe(1)
    expect(await db.outbox.count()).toBe(0)
    // Typing again clears it.
    await user.type(screen.getByLabelText('Phone number'), '2')
    expect(screen.queryByText('This number is already in your trusted contacts')).toBeNull()
  })

  it(`says when ${TRUSTED_CONTACTS_MAX} contacts are kept, instead of the form`, async () => {
    await storeUser(asha)
    await db.trustedContacts.bulkPut(Array.from({ length: TRUSTED_CONTACTS_MAX }, (_, i) => row(i, asha._id)))
    renderInApp(<TrustedContactsManager />, '/profile')
    expect(
      await screen.findByText(
        `You can keep at most ${TRUSTED_CONTACTS_MAX} trusted contacts. Remove one to add another.`,
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Add a trusted contact' })).toBeNull()
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(TRUSTED_CONTACTS_MAX)
  })
})
