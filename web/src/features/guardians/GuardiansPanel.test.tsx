import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { GUARDIANS_MAX, type Guardian, GuardianMessages } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { answer, failure, networkFailure, server } from '../../test/api.ts'
import { testContact, testGuardian, testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { GuardiansPanel, GuardianText } from './GuardiansPanel.tsx'

const asha = testUser()
const TOKEN = 'T'.repeat(43)

interface Call {
  method: string
  url: string
  body: unknown
}

/** The guardians' routes on the fake server: `list` is what GET answers, and changes as she invites and removes. */
function guardiansServer(
  list: Guardian[],
  answers: { create?: () => Response | undefined; list?: () => Response | undefined } = {},
) {
  const calls: Call[] = []
  const record = ({ request, body }: { request: Request; body: unknown }) =>
    calls.push({ method: request.method, url: new URL(request.url).pathname, body })
  server.use(
    answer('guardians', (call) => {
      record(call)
      return answers.list?.() ?? { guardians: list }
    }),
    answer('guardianCreate', (call) => {
      record(call)
      const made = answers.create?.()
      if (made) return made
      const invited = testGuardian(list.length + 1, { name: call.body.name })
      list.push(invited)
      return { id: invited.id, name: invited.name, state: 'invited', inviteUrl: `/g/${TOKEN}` }
    }),
    answer('guardianDelete', (call) => {
      record(call)
      list.splice(
        list.findIndex((g) => g.id === call.params.id),
        1,
      )
      return { success: true, message: GuardianMessages.removed }
    }),
  )
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') }
}

const names = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => [li.querySelector('.guardian__name')?.textContent, li.querySelector('.guardian__state')?.textContent])
const form = () => screen.getByRole('form', { name: 'Invite a guardian' })

/** Her list (Amma) is shown, then the phone goes offline. */
async function offlineWithAmma() {
  const user = userEvent.setup()
  await storeUser(asha)
  const guardians = guardiansServer([testGuardian(1, { name: 'Amma' })])
  renderInApp(<GuardiansPanel />, '/safety')
  await waitFor(() => expect(names()).toHaveLength(1))
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  return { user, guardians }
}
const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href') ?? ''

describe('GuardiansPanel', () => {
  beforeEach(async () => {
    await clearDb()
    // Remove asks with the app's own dialog, never the browser's.
    vi.stubGlobal('confirm', () => {
      throw new Error('window.confirm must not be used')
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('signed out: says guardians need an account and links to log in, and asks the server nothing', async () => {
    const { calls } = guardiansServer([])
    renderInApp(<GuardiansPanel />, '/safety')
    const note = await screen.findByText(/Guardians need an account/)
    expect(note.textContent).toBe(`${GuardianText.signedOut} Log in or sign up to invite one.`)
    expect(within(note).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fsafety')
    expect(within(note).getByRole('link', { name: 'sign up' }).getAttribute('href')).toBe('/signup')
    expect(screen.queryByRole('form', { name: 'Invite a guardian' })).toBeNull()
    expect(calls).toEqual([])
  })

  it('lists her guardians with their state in words', async () => {
    await storeUser(asha)
    guardiansServer([
      testGuardian(1, { name: 'Amma' }),
      testGuardian(2, { name: 'Riya', emailPending: true }),
      testGuardian(3, { name: 'Didi', state: 'active', push: true }),
      testGuardian(4, { name: 'Meera', state: 'active', email: true }),
      testGuardian(5, { name: 'Papa', state: 'active', push: true, email: true }),
      testGuardian(6, { name: 'Sam', state: 'stopped' }),
    ])
    renderInApp(<GuardiansPanel />, '/safety')
    await waitFor(() =>
      expect(names()).toEqual([
        ['Amma', 'Invited: not accepted yet'],
        ['Riya', 'Invited: waiting for them to confirm their e-mail'],
        ['Didi', 'Notifications on'],
        ['Meera', 'E-mail confirmed'],
        ['Papa', 'Notifications on, e-mail confirmed'],
        ['Sam', 'Stopped: they turned alerts off'],
      ]),
    )
  })

  it('invites a trusted contact: her name is filled in, and the message goes to her number with the link and only Asha’s first name', async () => {
    const user = userEvent.setup()
    await storeUser(asha)
    await db.trustedContacts.put(testContact({ userId: asha._id }))
    const guardians = guardiansServer([])
    renderInApp(<GuardiansPanel />, '/safety')
    await screen.findByText(GuardianText.empty)
    await user.selectOptions(await within(form()).findByLabelText('Invite one of your trusted contacts'), 'Amma')
    expect((within(form()).getByLabelText('Name') as HTMLInputElement).value).toBe('Amma')
    await user.click(within(form()).getByRole('button', { name: 'Invite as guardian' }))

    const ready = await screen.findByRole('heading', { name: 'Invitation for Amma is ready' })
    await waitFor(() => expect(document.activeElement).toBe(ready))
    expect(guardians.writes()).toEqual([{ method: 'POST', url: '/api/guardians', body: { name: 'Amma' } }])
    const link = `${location.origin}/g/${TOKEN}`
    const whatsapp = hrefOf('Send on WhatsApp')
    expect(whatsapp.startsWith('https://wa.me/919876543210?text=')).toBe(true)
    const text = decodeURIComponent(whatsapp.split('?text=')[1] ?? '')
    expect(text).toContain('Asha has asked you to be one of her guardians on Wings.')
    expect(text).toContain(link)
    expect(text).not.toContain('Rao')
    expect(hrefOf('Send by SMS')).toBe(`sms:+919876543210?body=${encodeURIComponent(text)}`)
    expect((screen.getByLabelText('Invitation link') as HTMLInputElement).value).toBe(link)
    // The list is asked again and shows the new guardian.
    await waitFor(() => expect(names()).toEqual([['Amma', 'Invited: not accepted yet']]))

    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('heading', { name: /Invitation for/ })).toBeNull()
    expect(form()).toBeTruthy()
  })

  it('invites someone by name: the message app then asks whom to send it to', async () => {
    const user = userEvent.setup()
    await storeUser(asha)
    guardiansServer([])
    renderInApp(<GuardiansPanel />, '/safety')
    await screen.findByText(GuardianText.empty)
    expect(screen.queryByLabelText('Invite one of your trusted contacts')).toBeNull()
    await user.type(screen.getByLabelText('Name'), '  Riya  ')
    await user.click(screen.getByRole('button', { name: 'Invite as guardian' }))
    await screen.findByRole('heading', { name: 'Invitation for Riya is ready' })
    expect(hrefOf('Send on WhatsApp').startsWith('https://wa.me/?text=')).toBe(true)
    expect(hrefOf('Send by SMS').startsWith('sms:?body=')).toBe(true)
  })

  it('refuses a missing name, and says what went wrong when the server or the network does', async () => {
    const user = userEvent.setup()
    await storeUser(asha)
    let refusal: Response | undefined = failure(429, GuardianMessages.tooManyInvites)
    const guardians = guardiansServer([], { create: () => refusal ?? networkFailure() })
    renderInApp(<GuardiansPanel />, '/safety')
    await screen.findByText(GuardianText.empty)
    const name = screen.getByLabelText('Name')
    await user.click(screen.getByRole('button', { name: 'Invite as guardian' }))
    expect(await screen.findByText('Name is required')).toBeTruthy()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(guardians.writes()).toEqual([])

    await user.type(name, 'Riya')
    await user.click(screen.getByRole('button', { name: 'Invite as guardian' }))
    expect((await within(form()).findByRole('alert')).textContent).toBe(
      `${GuardianMessages.tooManyInvites} Wait a minute, then try again.`,
    )

    refusal = undefined
    await user.click(screen.getByRole('button', { name: 'Invite as guardian' }))
    await waitFor(() => expect(within(form()).getByRole('alert').textContent).toBe(GuardianText.inviteOffline))
    expect(screen.queryByRole('heading', { name: /Invitation for/ })).toBeNull()
  })

  it('offline: says inviting needs a connection, and sends nothing', async () => {
    const { user, guardians } = await offlineWithAmma()
    await user.type(screen.getByLabelText('Name'), 'Riya')
    await user.click(screen.getByRole('button', { name: 'Invite as guardian' }))
    expect((await within(form()).findByRole('alert')).textContent).toBe(GuardianText.inviteOffline)
    expect(guardians.writes()).toEqual([])
  })

  it('removes a guardian after asking in its own dialog, and keeps it when she cancels', async () => {
    const user = userEvent.setup()
    await storeUser(asha)
    const guardians = guardiansServer([
      testGuardian(1, { name: 'Amma' }),
      testGuardian(2, { name: 'Riya', state: 'active' }),
    ])
    renderInApp(<GuardiansPanel />, '/safety')
    await waitFor(() => expect(names()).toHaveLength(2))

    await user.click(screen.getByRole('button', { name: 'Remove Riya' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove Riya as a guardian?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(guardians.writes()).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Remove Riya' }))
    const again = await screen.findByRole('dialog', { name: 'Remove Riya as a guardian?' })
    await user.click(within(again).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(names()).toEqual([['Amma', 'Invited: not accepted yet']]))
    expect(guardians.writes()).toEqual([
      { method: 'DELETE', url: `/api/guardians/${'2'.padStart(24, '0')}`, body: undefined },
    ])
    expect(await screen.findByText(GuardianMessages.removed)).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your guardians' }))
  })

  it('offline, a removal is not tried and she is told it needs a connection', async () => {
    const { user, guardians } = await offlineWithAmma()
    await user.click(screen.getByRole('button', { name: 'Remove Amma' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText(GuardianText.removeOffline)).toBeTruthy()
    expect(guardians.writes()).toEqual([])
    expect(names()).toHaveLength(1)
  })

  it(`at ${GUARDIANS_MAX} guardians, says so instead of offering the form`, async () => {
    await storeUser(asha)
    guardiansServer(Array.from({ length: GUARDIANS_MAX }, (_, i) => testGuardian(i + 1)))
    renderInApp(<GuardiansPanel />, '/safety')
    expect(await screen.findByText(GuardianMessages.tooMany)).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Invite a guardian' })).toBeNull()
  })

  it('without a connection, says the list needs one and offers to try again', async () => {
    const user = userEvent.setup()
    await storeUser(asha)
    let down = true
    guardiansServer([testGuardian(1, { name: 'Amma' })], { list: () => (down ? networkFailure() : undefined) })
    renderInApp(<GuardiansPanel />, '/safety')
    expect(await screen.findByText(GuardianText.listOffline)).toBeTruthy()
    down = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(names()).toEqual([['Amma', 'Invited: not accepted yet']]))
  })
})
