import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Header } from '../../app/Header.tsx'
import { db, type TrustedContactRow } from '../../db/db.ts'
import { cursorKey } from '../../sync/engine.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb, json } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { clockText, readShare } from '../share/index.ts'
import { session, shareServer, storeSession, TOKEN, WRITE_KEY } from '../share/testing.ts'

const asha = testUser()
const contact = (n: number, userId: string | null, name: string): TrustedContactRow => ({
  _id: `${'f'.repeat(22)}${String(n).padStart(2, '0')}`,
  userId,
  name,
  phone: `+9198765432${String(n).padStart(2, '0')}`,
  createdAt: `2025-03-01T10:${String(n).padStart(2, '0')}:00.000Z`,
})
const AMMA = contact(1, asha._id, 'Amma')
const PRIYA = contact(2, asha._id, 'Priya')
const NEIGHBOUR = contact(3, null, 'Neighbour')

/** The server: logout answers `logoutStatus`, share writes 200. */
function server(logoutStatus = 200) {
  return shareServer(
    ({ url }) =>
      url === '/api/logout'
        ? logoutStatus === 200
          ? json(200, { success: true, message: 'Logged out successfully!' })
          : json(logoutStatus, { success: false, message: 'Server error', code: 'INTERNAL' })
        : undefined,
    ['logout'],
  )
}

async function pressLogout() {
  const user = userEvent.setup()
  renderInApp(<Header />)
  await screen.findByText('Hi, Asha')
  await user.click(screen.getByRole('button', { name: 'Logout' }))
  return user
}

const names = async () => (await db.trustedContacts.orderBy('_id').toArray()).map((c) => [c.name, c.userId])

describe('Logout', () => {
  beforeEach(async () => {
    await clearDb()
    await storeUser(asha)
    await db.meta.put({ key: cursorKey(asha._id), value: 40 })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('logs out at once, asking nothing, when no share runs and none of her contacts is on this phone', async () => {
    const { calls } = server()
    // A contact kept on this phone only is the phone's: nothing to ask about it.
    await db.trustedContacts.put(NEIGHBOUR)
    await pressLogout()
    await waitFor(() => expect(screen.getByText('Logged out successfully!')).toBeTruthy())
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.map((c) => c.url)).toEqual(['/api/logout'])
    expect(await db.user.get('me')).toBeUndefined()
    expect(await names()).toEqual([['Neighbour', null]])
  })

  it('asks, in its own dialog, about her running share and her contacts; Cancel changes nothing', async () => {
    const { calls } = server()
    const running = session()
    await storeSession(running)
    await db.trustedContacts.bulkPut([AMMA, PRIYA, NEIGHBOUR])
    const confirm = vi.fn(() => true)
    vi.stubGlobal('confirm', confirm)
    const user = await pressLogout()
    const dialog = await screen.findByRole('dialog', { name: 'Log out' })
    const until = clockText(running.expiresAt)
    const sharing = within(dialog).getByRole('group', { name: `Your live location share runs until ${until}.` })
    expect(within(sharing).getByRole('radio', { name: `Keep sharing until ${until}` })).toHaveProperty('checked', true)
    expect(within(sharing).getByRole('radio', { name: 'Stop sharing now' })).toHaveProperty('checked', false)
    const contacts = within(dialog).getByRole('group', { name: 'Your trusted contacts on this phone: Amma, Priya.' })
    const keep = within(contacts).getByRole('radio', { name: 'Keep them on this phone' })
    expect(keep).toHaveProperty('checked', false)
    expect(keep.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(keep.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The SOS still texts them when you are logged out. Anyone who uses this phone can see them.',
    )
    expect(within(contacts).getByRole('radio', { name: 'Remove them from this phone' })).toHaveProperty('checked', true)
    expect(confirm).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls).toEqual([])
    expect((await db.user.get('me'))?.user._id).toBe(asha._id)
    expect(await readShare()).toEqual(running)
    expect(await names()).toEqual([
      ['Amma', asha._id],
      ['Priya', asha._id],
      ['Neighbour', null],
    ])
  })

  it('"Stop sharing now" and "Keep them on this phone": the share ends, her contacts stay here for the SOS', async () => {
    const { calls } = server()
    await storeSession(session())
    await db.trustedContacts.bulkPut([AMMA, PRIYA, NEIGHBOUR])
    const user = await pressLogout()
    const dialog = await screen.findByRole('dialog', { name: 'Log out' })
    await user.click(within(dialog).getByRole('radio', { name: 'Stop sharing now' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Keep them on this phone' }))
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(screen.getByText('Logged out successfully!')).toBeTruthy())
    expect(calls).toEqual([
      { url: '/api/logout', body: undefined },
      { url: `/api/share/${TOKEN}/stop`, body: { writeKey: WRITE_KEY } },
    ])
    expect(await readShare()).toBeNull()
    expect(await db.user.get('me')).toBeUndefined()
    expect(await names()).toEqual([
      ['Amma', null],
      ['Priya', null],
      ['Neighbour', null],
    ])
    // Her next sign-in pulls from the start: the contacts she kept become hers again.
    expect(await db.meta.get(cursorKey(asha._id))).toBeUndefined()
  })

  it('by default the share goes on and her contacts leave this phone (they stay in her account)', async () => {
    const { calls } = server()
    const running = session()
    await storeSession(running)
    await db.trustedContacts.bulkPut([AMMA, NEIGHBOUR])
    const user = await pressLogout()
    const dialog = await screen.findByRole('dialog', { name: 'Log out' })
    expect(within(dialog).getByRole('group', { name: 'Your trusted contacts on this phone: Amma.' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(screen.getByText('Logged out successfully!')).toBeTruthy())
    expect(calls.map((c) => c.url)).toEqual(['/api/logout'])
    expect(await readShare()).toEqual(running)
    expect(await names()).toEqual([['Neighbour', null]])
    expect(await db.meta.get(cursorKey(asha._id))).toBeUndefined()
  })

  it('asks only about the share when none of her contacts is here, and only about contacts with no share', async () => {
    server()
    await storeSession(session())
    const user = await pressLogout()
    const dialog = await screen.findByRole('dialog', { name: 'Log out' })
    expect(within(dialog).getAllByRole('group')).toHaveLength(1)
    expect(within(dialog).queryByRole('radio', { name: 'Keep them on this phone' })).toBeNull()
    within(dialog).getByRole('radio', { name: 'Stop sharing now' }).focus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await storeSession(session({ endedAt: new Date().toISOString() }))
    await db.trustedContacts.put(AMMA)
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    const again = await screen.findByRole('dialog', { name: 'Log out' })
    expect(within(again).getAllByRole('group')).toHaveLength(1)
    expect(within(again).queryByRole('radio', { name: 'Stop sharing now' })).toBeNull()
    expect(within(again).getByRole('radio', { name: 'Keep them on this phone' })).toBeTruthy()
  })

  it('a logout the server refuses applies none of her choices', async () => {
    const { calls } = server(500)
    const running = session()
    await storeSession(running)
    await db.trustedContacts.bulkPut([AMMA])
    const user = await pressLogout()
    const dialog = await screen.findByRole('dialog', { name: 'Log out' })
    await user.click(within(dialog).getByRole('radio', { name: 'Stop sharing now' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Remove them from this phone' }))
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }))
    // The spec's words, then why and what to do.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        "Logout failed. Please try again. The problem is on Wings' side, not yours. Try again in a few minutes.",
      ),
    )
    expect(calls.map((c) => c.url)).toEqual(['/api/logout'])
    expect((await db.user.get('me'))?.user._id).toBe(asha._id)
    expect(await readShare()).toEqual(running)
    expect(await names()).toEqual([['Amma', asha._id]])
    expect((await db.meta.get(cursorKey(asha._id)))?.value).toBe(40)
  })
})
