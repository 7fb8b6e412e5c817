import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type GuardianInviteView, GuardianMessages } from '@wings/contract'
import { invitedView } from '@wings/contract/testing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answer, failure, networkFailure, server } from '../../test/api.ts'
import { renderInApp } from '../../test/render.tsx'
import { GuardianPage, GuardianPageText } from './GuardianPage.tsx'
import { PushText } from './notifications.ts'

const push = vi.hoisted(() => ({ turnOn: vi.fn() }))
vi.mock('./notifications.ts', async (original) => ({
  ...(await original<typeof import('./notifications.ts')>()),
  turnOnNotifications: push.turnOn,
}))

const TOKEN = 'g'.repeat(43)
const CODE = 'c'.repeat(43)
const BASE = `/api/guardian-invites/${TOKEN}`

interface Call {
  method: string
  url: string
  body: unknown
  credentials: RequestCredentials | undefined
}

const ENDPOINT_OF = {
  get: 'guardianInvite',
  push: 'guardianPush',
  email: 'guardianEmail',
  'email/confirm': 'guardianEmailConfirm',
  preferences: 'guardianPreferences',
  stop: 'guardianStop',
} as const
type Action = keyof typeof ENDPOINT_OF

/** The guardian-invites routes over `view`, which the writes change as the server would. */
function inviteServer(view: GuardianInviteView | null, answers: Partial<Record<Action, () => Response>> = {}) {
  const calls: Call[] = []
  let gone = view === null
  const handlerOf = (action: Action) =>
    answer(ENDPOINT_OF[action], ({ request, body }) => {
      calls.push({ method: request.method, url: new URL(request.url).pathname, body, credentials: request.credentials })
      const made = answers[action]?.()
      if (made) return made
      if (gone || !view) return failure(410, GuardianMessages.inviteGone)
      if (action === 'get') return view
      if (action === 'email') view.emailPending = true
      if (action === 'email/confirm') Object.assign(view, { email: true, emailPending: false, state: 'active' })
      if (action === 'preferences') view.shareStarted = (body as unknown as { shareStarted: boolean }).shareStarted
      if (action === 'stop') gone = true
      return { success: true, message: 'ok' }
    })
  server.use(...(Object.keys(ENDPOINT_OF) as Action[]).map(handlerOf))
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') }
}

function open(props: { confirm?: string; stop?: boolean } = {}) {
  const onHandled = vi.fn()
  renderInApp(<GuardianPage token={TOKEN} {...props} onHandled={onHandled} />, `/g/${TOKEN}`)
  return { onHandled }
}

const statusText = () => document.querySelector('.guardian-page__status')?.textContent

describe('GuardianPage', () => {
  beforeEach(() => {
    push.turnOn.mockReset()
    vi.stubGlobal('confirm', () => {
      throw new Error('window.confirm must not be used')
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('says who invited them, what they will receive and what to do, without sending cookies', async () => {
    const invite = inviteServer(invitedView())
    open()
    expect((await screen.findByText(/has asked you to be one of her guardians/)).textContent).toBe(
      'Asha has asked you to be one of her guardians on Wings.',
    )
    const receive = screen.getByRole('region', { name: 'What you will receive' })
    for (const what of ['SOS', 'Missed check-in', 'Safe again', 'Started sharing']) {
      expect(within(receive).getByText(what)).toBeTruthy()
    }
    expect(within(receive).getByText(/call 112/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Turn on notifications on this device' })).toBeTruthy()
    expect(screen.getByRole('form', { name: 'Alerts by e-mail' })).toBeTruthy()
    expect(invite.calls).toEqual([{ method: 'GET', url: BASE, body: undefined, credentials: 'omit' }])
  })

  it.each([
    [404, GuardianPageText.missing],
    [410, GuardianPageText.gone],
    [400, GuardianPageText.invalid],
  ])('explains an answer %i and offers nothing else', async (status, text) => {
    inviteServer(invitedView(), { get: () => failure(status, 'x', 'X') })
    open()
    expect(await screen.findByText(text)).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('without a connection, says so and loads again on Try again', async () => {
    let down = true
    inviteServer(invitedView(), { get: () => (down ? networkFailure() : undefined) as Response })
    open()
    expect(await screen.findByText(GuardianPageText.offline)).toBeTruthy()
    down = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/has asked you/)).toBeTruthy()
  })

  it('turns on notifications on this device and shows them on', async () => {
    const view = invitedView()
    inviteServer(view)
    push.turnOn.mockImplementation(async () => {
      view.push = true
      view.state = 'active'
      return { ok: true }
    })
    open()
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }))
    await waitFor(() => expect(statusText()).toBe(GuardianMessages.pushOn))
    expect(push.turnOn).toHaveBeenCalledWith(TOKEN)
    expect(await screen.findByText('Notifications are on.')).toBeTruthy()
  })

  it('explains why notifications could not be turned on', async () => {
    inviteServer(invitedView())
    push.turnOn.mockResolvedValue({ ok: false, text: PushText.ios })
    open()
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }))
    expect((await screen.findByText(PushText.ios)).getAttribute('role')).toBe('alert')
    expect(screen.queryByText('Notifications are on.')).toBeNull()
  })

  it('takes an e-mail address only when it is one, then says to check the inbox', async () => {
    const user = userEvent.setup()
    const invite = inviteServer(invitedView())
    open()
    const form = await screen.findByRole('form', { name: 'Alerts by e-mail' })
    const email = within(form).getByLabelText('Your e-mail address')
    await user.type(email, 'riya@')
    await user.click(within(form).getByRole('button', { name: 'Send the confirmation e-mail' }))
    expect(await within(form).findByText(GuardianPageText.emailInvalid)).toBeTruthy()
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(invite.writes()).toEqual([])

    await user.type(email, 'example.in')
    await user.click(within(form).getByRole('button', { name: 'Send the confirmation e-mail' }))
    await waitFor(() => expect(statusText()).toBe(GuardianMessages.emailSent))
    expect(invite.writes()).toEqual([
      { method: 'POST', url: `${BASE}/email`, body: { email: 'riya@example.in' }, credentials: 'omit' },
    ])
    expect(await screen.findByText(/Waiting for you to confirm/)).toBeTruthy()
  })

  it('does not offer e-mail when the server cannot send it', async () => {
    inviteServer(invitedView({ emailAvailable: false }))
    open()
    await screen.findByRole('button', { name: 'Turn on notifications on this device' })
    expect(screen.queryByRole('form', { name: 'Alerts by e-mail' })).toBeNull()
  })

  it('confirms the e-mail from the confirmation link once, and takes the code out of the address', async () => {
    const invite = inviteServer(invitedView({ emailPending: true }))
    const { onHandled } = open({ confirm: CODE })
    await waitFor(() => expect(statusText()).toBe(GuardianMessages.emailConfirmed))
    expect(await screen.findByText('E-mail alerts are on.')).toBeTruthy()
    expect(invite.writes()).toEqual([
      { method: 'POST', url: `${BASE}/email/confirm`, body: { code: CODE }, credentials: 'omit' },
    ])
    expect(onHandled).toHaveBeenCalledTimes(1)
  })

  it('says so when the confirmation link is wrong or used', async () => {
    inviteServer(invitedView({ emailPending: true }), {
      'email/confirm': () => failure(400, GuardianMessages.codeWrong, 'BAD'),
    })
    open({ confirm: CODE })
    expect(
      (
        await screen.findByText(`${GuardianMessages.codeWrong}. Open the link from the e-mail again, in full.`)
      ).getAttribute('role'),
    ).toBe('alert')
    expect(screen.queryByText('E-mail alerts are on.')).toBeNull()
  })

  it('lets them choose to hear when she starts sharing', async () => {
    const invite = inviteServer(invitedView())
    open()
    const box = await screen.findByRole('checkbox', { name: 'Also alert me when she starts sharing her live location' })
    await userEvent.setup().click(box)
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true))
    expect(invite.writes()).toEqual([
      { method: 'POST', url: `${BASE}/preferences`, body: { shareStarted: true }, credentials: 'omit' },
    ])
  })

  it('stops alerts only after asking in its own dialog', async () => {
    const user = userEvent.setup()
    const invite = inviteServer(invitedView({ state: 'active', push: true }))
    open()
    await user.click(await screen.findByRole('button', { name: 'Stop alerts' }))
    const dialog = await screen.findByRole('dialog', { name: 'Stop all alerts?' })
    expect(within(dialog).getByText(/when Asha needs help/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Keep alerts' }))
    expect(invite.writes()).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Stop alerts' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stop alerts' }))
    expect(await screen.findByText(GuardianPageText.gone)).toBeTruthy()
    expect(statusText()).toBe(GuardianMessages.stopped)
    expect(invite.writes()).toEqual([{ method: 'POST', url: `${BASE}/stop`, body: undefined, credentials: 'omit' }])
  })

  it('asks at once when opened from an alert’s stop link', async () => {
    const invite = inviteServer(invitedView({ state: 'active', email: true }))
    const { onHandled } = open({ stop: true })
    const dialog = await screen.findByRole('dialog', { name: 'Stop all alerts?' })
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Stop alerts' }))
    expect(await screen.findByText(GuardianPageText.gone)).toBeTruthy()
    expect(invite.writes().map((c) => c.url)).toEqual([`${BASE}/stop`])
    expect(onHandled).toHaveBeenCalled()
  })

  it('after they stopped, says so and offers no way to be alerted', async () => {
    inviteServer(invitedView({ state: 'stopped' }))
    open()
    expect(await screen.findByText(/You stopped alerts\./)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Alerts by e-mail' })).toBeNull()
  })
})
