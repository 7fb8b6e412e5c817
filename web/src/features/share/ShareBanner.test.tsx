import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { emptyDbEachTest } from '../../test/hooks.ts'
import { clockText } from './format.ts'
import { readPending, startShareWhenReachable } from './pendingShare.ts'
import { ShareBanner, STOPPED_NOTE_MS } from './ShareBanner.tsx'
import { PENDING_KEY, readShare } from './session.ts'
import { I18n, minutesFromNow, session, shareServer, storeSession, TOKEN, WRITE_KEY } from './testing.ts'

const banner = () => screen.getByRole('status', { name: 'Live location sharing' })

describe('ShareBanner', () => {
  emptyDbEachTest()

  it('says nothing while no share runs, and nothing for a share that has ended', async () => {
    render(<ShareBanner />, { wrapper: I18n })
    expect(banner().textContent).toBe('')
    await act(() => storeSession(session({ endedAt: new Date().toISOString() })))
    await act(() => storeSession(session({}, -1)))
    expect(banner().textContent).toBe('')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('shows the running share (as stored, so also after a reload) with its end time, and goes when it runs out', async () => {
    const expiresAt = minutesFromNow(60)
    await storeSession(session({ expiresAt, lastSentAt: new Date().toISOString() }))
    render(<ShareBanner />, { wrapper: I18n })
    await waitFor(() => expect(banner().textContent).toContain(`Sharing location until ${clockText(expiresAt)}`))
    expect(screen.getByRole('button', { name: 'Stop sharing your live location' }).textContent).toBe('Stop')
    expect(document.body.textContent).not.toContain(WRITE_KEY)

    await act(() => storeSession(session({ expiresAt: new Date(Date.now() + 200).toISOString() })))
    await waitFor(() => expect(banner().textContent).toBe(''), { timeout: 2000 })
  })

  it('says only what is true: waiting for her position, then not shared and why when it does not reach Wings', async () => {
    await storeSession(session())
    render(<ShareBanner />, { wrapper: I18n })
    await waitFor(() => expect(banner().textContent).toBe('Live link on: waiting for your positionStop'))
    await act(() => storeSession(session({ problem: 'denied' })))
    await waitFor(() => expect(banner().textContent).toBe('Not shared: location not allowedStop'))
    const sentAt = new Date().toISOString()
    await act(() => storeSession(session({ lastSentAt: sentAt, problem: 'failed', problemStatus: 503 })))
    await waitFor(() =>
      expect(banner().textContent).toBe(`Not updated since ${clockText(sentAt)}: Wings is not answeringStop`),
    )
    expect(banner().className).toContain('share-banner--stuck')
    expect(banner().textContent).not.toMatch(/Sharing location/)
  })

  it('a share waiting for the connection says so on every screen, and Stop means it will not start', async () => {
    shareServer(() => 'offline')
    const user = userEvent.setup()
    render(<ShareBanner />, { wrapper: I18n })
    await act(async () => {
      await startShareWhenReachable(60, { sos: true })
    })
    await waitFor(() =>
      expect(banner().textContent).toBe('Not shared: no connection. It starts when you are back online.Stop'),
    )
    await user.click(screen.getByRole('button', { name: 'Stop sharing your live location' }))
    await waitFor(() => expect(banner().textContent).toBe('Sharing stopped.'))
    expect(await readPending()).toBeNull()
  })

  it('a share refused for good says so until she dismisses it', async () => {
    await db.meta.put({
      key: PENDING_KEY,
      value: {
        durationMinutes: 60,
        sos: true,
        since: new Date().toISOString(),
        until: minutesFromNow(60),
        reason: 'busy',
        tries: 2,
        failed: 'Bad request.',
      },
    })
    const user = userEvent.setup()
    render(<ShareBanner />, { wrapper: I18n })
    await waitFor(() => expect(banner().textContent).toBe('Not shared: the live link could not be madeDismiss'))
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(banner().textContent).toBe(''))
  })

  it('Stop ends the share at once, with no question, and says so where the focus goes', async () => {
    const { calls } = shareServer()
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    await storeSession(session())
    const user = userEvent.setup()
    render(<ShareBanner />, { wrapper: I18n })
    await user.click(await screen.findByRole('button', { name: 'Stop sharing your live location' }))
    await waitFor(() => expect(banner().textContent).toBe('Sharing stopped.'))
    expect(confirm).not.toHaveBeenCalled()
    expect(await readShare()).toBeNull()
    expect(calls).toEqual([{ url: `/api/share/${TOKEN}/stop`, body: { writeKey: WRITE_KEY } }])
    expect(document.activeElement?.textContent).toBe('Sharing stopped.')
  })

  it('is reached with the keyboard, and says when the server could not be told', async () => {
    shareServer(() => 'offline')
    const expiresAt = minutesFromNow(15)
    await storeSession(session({ expiresAt }))
    const user = userEvent.setup()
    render(<ShareBanner />, { wrapper: I18n })
    const stop = await screen.findByRole('button', { name: 'Stop sharing your live location' })
    await user.tab()
    expect(document.activeElement).toBe(stop)
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(banner().textContent).toBe(
        `Sharing stopped on this phone. Wings could not be reached, so your link shows your last position until ${clockText(expiresAt)}.`,
      ),
    )
    expect(await readShare()).toBeNull()
  })

  it('clears the note after a while', async () => {
    shareServer()
    await storeSession(session())
    render(<ShareBanner />, { wrapper: I18n })
    const stop = await screen.findByRole('button', { name: 'Stop sharing your live location' })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await act(async () => {
      stop.click()
    })
    await vi.waitFor(() => expect(banner().textContent).toBe('Sharing stopped.'))
    await act(async () => {
      vi.advanceTimersByTime(STOPPED_NOTE_MS + 10)
    })
    expect(banner().textContent).toBe('')
  })
})
