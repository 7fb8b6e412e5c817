import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { db } from '../db/db.ts'
import { storeServerUser } from '../db/user.ts'
import { session, storeSession } from '../features/share/testing.ts'
import { META_PAUSED_FOR, syncEngine } from '../sync/engine.ts'
import { queueOp } from '../sync/outbox.ts'
import { statusText } from '../sync/useSyncStatus.ts'
import { refuse, server, unreachable } from '../test/api.ts'
import { testUser } from '../test/fixtures.ts'
import { emptyDbEachTest } from '../test/hooks.ts'
import { renderInApp } from '../test/render.tsx'
import { ALL_SAVED, barText, CONFLICTS_TITLE, SyncStatus } from './SyncStatus.tsx'
import { announceWaiting, applyUpdate, SKIP_WAITING } from './swUpdate.ts'

const asha = testUser()
const message = { fullName: 'Asha Rao', emailId: 'asha@example.in', query: 'Hello there' }
const base = { online: true, pushing: false, waiting: 0, blocked: 0, conflicts: 0 }

/** A contact message the server refused, filed as a conflict. */
const refusedMessage = () =>
  db.conflicts.put({
    opId: crypto.randomUUID(),
    type: 'contact.send',
    payload: message,
    userId: null,
    code: 'RATE_LIMITED',
    message: 'Too many messages. Please try again later.',
    createdAt: new Date().toISOString(),
    at: new Date().toISOString(),
  })

describe('statusText', () => {
  it('says exactly one calm thing', () => {
    expect(statusText(base)).toBe('All changes saved')
    expect(statusText({ ...base, waiting: 1 })).toBe('1 change waiting')
    expect(statusText({ ...base, waiting: 3 })).toBe('3 changes waiting')
    expect(statusText({ ...base, waiting: 3, pushing: true })).toBe('Syncing…')
    expect(statusText({ ...base, pushing: true })).toBe('All changes saved')
    expect(statusText({ ...base, online: false })).toBe('Offline')
    expect(statusText({ ...base, online: false, waiting: 1 })).toBe('Offline · 1 change waiting')
    expect(statusText({ ...base, online: false, waiting: 1, blocked: 1 })).toBe('Offline · 2 changes waiting')
    expect(statusText({ ...base, blocked: 2 })).toBe('2 changes waiting: log in to send them')
    expect(statusText({ ...base, blocked: 1 })).toBe('1 change waiting: log in to send them')
  })
})

describe('barText', () => {
  it('says saved only for what the server accepted', () => {
    expect(barText(base, null)).toBe(ALL_SAVED)
    expect(barText({ ...base, conflicts: 1 }, null)).toBe('Other changes saved')
    expect(barText(base, 'live location not sent')).toBe('Live location not sent')
    expect(barText({ ...base, waiting: 1 }, 'live location not sent')).toBe('1 change waiting · live location not sent')
    expect(barText({ ...base, online: false }, 'live location not started')).toBe('Offline · live location not started')
  })
})

describe('SyncStatus', () => {
  emptyDbEachTest()
  afterEach(() => {
    vi.restoreAllMocks()
    announceWaiting(null)
  })

  const region = () => screen.getByRole('status', { name: 'Sync status' })

  it('counts the outbox live, and says Offline when the network is gone', async () => {
    renderInApp(<SyncStatus />)
    await waitFor(() => expect(region().textContent).toBe('All changes saved'))
    await queueOp('contact.send', message)
    await waitFor(() => expect(region().textContent).toBe('1 change waiting'))
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    window.dispatchEvent(new Event('offline'))
    await waitFor(() => expect(region().textContent).toBe('Offline · 1 change waiting'))
  })

  it('says Offline when the server cannot be reached, even while the browser thinks it is online', async () => {
    server.use(unreachable('syncPush'))
    renderInApp(<SyncStatus />)
    await queueOp('contact.send', message)
    await syncEngine.sync()
    await waitFor(() => expect(region().textContent).toBe('Offline · 1 change waiting'))
    // The engine is the app's one instance: reached again, it forgets, for the tests after this one.
    server.use(refuse('syncPush', 503, 'The server is busy. Please try again in a moment.'))
    await syncEngine.sync()
    expect(syncEngine.getState().unreachable).toBe(false)
  })

  it('does not say all is saved while the server refuses her live position, nor with a refused change', async () => {
    await storeSession(session({ lastSentAt: new Date().toISOString() }))
    renderInApp(<SyncStatus />)
    await waitFor(() => expect(region().textContent).toBe(ALL_SAVED))
    await storeSession(session({ lastSentAt: new Date().toISOString(), problem: 'refused', problemStatus: 429 }))
    await waitFor(() => expect(region().textContent).toBe('Live location not sent'))
    await storeSession(session({ problem: 'failed', problemStatus: 503 }))
    await waitFor(() => expect(region().textContent).toBe('Live location not sent'))
    await storeSession(session({ lastSentAt: new Date().toISOString() }))
    await waitFor(() => expect(region().textContent).toBe(ALL_SAVED))
    await refusedMessage()
    await waitFor(() => expect(region().textContent).toBe('Other changes saved'))
  })

  it('asks her to log in when her changes are paused, with a Login link', async () => {
    await storeServerUser(asha)
    await queueOp('profile.update', { firstName: 'Asha M' })
    await db.meta.put({ key: META_PAUSED_FOR, value: asha._id })
    renderInApp(<SyncStatus />, '/profile')
    await waitFor(() => expect(region().textContent).toBe('1 change waiting: log in to send them'))
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login?redirect=%2Fprofile')
  })

  it('lists the changes that could not be saved with their reason, and dismisses them', async () => {
    await refusedMessage()
    const user = userEvent.setup()
    renderInApp(<SyncStatus />)
    await user.click(await screen.findByRole('button', { name: '1 change could not be saved' }))
    const dialog = screen.getByRole('dialog', { name: CONFLICTS_TITLE, hidden: true })
    // Its reason, then what she can do.
    expect(
      await within(dialog).findByText('Too many messages. Please try again later. Wait a minute, then try again.'),
    ).toBeTruthy()
    expect(within(dialog).getByText('“Hello there”')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss', hidden: true }))
    await waitFor(async () => expect(await db.conflicts.count()).toBe(0))
    await waitFor(() => expect(screen.queryByRole('button', { name: '1 change could not be saved' })).toBeNull())
  })

  it('announces a new version; Update pushes the outbox first, then lets it take over and reloads once', async () => {
    const posted: unknown[] = []
    const order: string[] = []
    const worker = {
      postMessage: (m: unknown) => {
        order.push('skip')
        posted.push(m)
      },
    } as unknown as ServiceWorker
    renderInApp(<SyncStatus />)
    announceWaiting(worker)
    expect(await screen.findByText('Update available')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy()

    const listeners: Array<() => void> = []
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      serviceWorker: { addEventListener: (_: string, fn: () => void) => listeners.push(fn) },
    })
    const engine = {
      sync: vi.fn(async () => {
        order.push('sync')
      }),
    }
    const reload = vi.fn()
    await applyUpdate(worker, engine as never, reload)
    expect(order).toEqual(['sync', 'skip'])
    expect(posted).toEqual([{ type: SKIP_WAITING }])
    for (const fn of [...listeners, ...listeners]) fn()
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
