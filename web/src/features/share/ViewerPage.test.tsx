import { act, render, screen } from '@testing-library/react'
import type { ShareView } from '@wings/contract'
import { describe, expect, it, vi } from 'vitest'
import { answer, failure, networkFailure, server } from '../../test/api.ts'
import { clockText } from './format.ts'
import { I18n, TOKEN } from './testing.ts'
import { VIEWER_CLOCK_MS, VIEWER_POLL_MS, ViewerPage, ViewerText } from './ViewerPage.tsx'

// The map is Leaflet's business (and the browser tests'); here a stand-in names what it was asked to draw.
vi.mock('../map/MapView.tsx', () => ({
  default: (props: { label: string; start?: [number, number] }) => (
    <section aria-label={props.label} data-start={props.start?.join(',')} />
  ),
}))

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

/** GET /api/share/:token answering each of `answers` in turn, the last one from then on. */
function viewerServer(...answers: Array<ShareView | Response | 'offline'>) {
  const view = answer('shareView', () => {
    const next = answers.length > 1 ? answers.shift() : answers[0]
    return next === 'offline' || next === undefined ? networkFailure() : next
  })
  server.use(view)
  return view
}

const sharing = (over: Partial<ShareView> = {}): ShareView => ({
  lat: 18.956,
  lon: 72.8156,
  accuracy: 12,
  updatedAt: ago(2),
  expiresAt: new Date(Date.now() + 40 * 60_000).toISOString(),
  active: true,
  ...over,
})

const gone = (status: number, message: string, code: string) => failure(status, message, code)

describe('ViewerPage', () => {
  it('shows the last position on a map, when it came and how old it is, without cookies', async () => {
    const shown = sharing()
    const view = viewerServer(shown)
    render(<ViewerPage token={TOKEN} />, { wrapper: I18n })
    const map = await screen.findByRole('region', { name: 'Last known position' })
    expect(map.getAttribute('data-start')).toBe('18.956,72.8156')
    expect(screen.getByText(`Updated ${clockText(shown.updatedAt ?? '')} (2 minutes ago)`)).toBeTruthy()
    expect(screen.getByText('Accuracy: within about 12 m')).toBeTruthy()
    expect(screen.getByText(`Sharing until ${clockText(shown.expiresAt)}`)).toBeTruthy()
    expect(view.calls.map(({ request }) => [new URL(request.url).pathname, request.credentials])).toEqual([
      [`/api/share/${TOKEN}`, 'omit'],
    ])
  })

  it('waits for the first position', async () => {
    viewerServer(sharing({ lat: undefined, lon: undefined, accuracy: undefined, updatedAt: undefined }))
    render(<ViewerPage token={TOKEN} />, { wrapper: I18n })
    expect(await screen.findByText(ViewerText.waiting)).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Last known position' })).toBeNull()
  })

  it('shows a missed check-in prominently, with the destination', async () => {
    const deadline = ago(1)
    viewerServer(sharing({ checkIn: { deadline, destination: 'Home', missed: true } }))
    render(<ViewerPage token={TOKEN} />, { wrapper: I18n })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(`Missed check-in at ${clockText(deadline)}`)
    expect(alert.textContent).toContain('Destination: Home')
  })

  it('shows the missed check-in by the browser’s clock between answers', async () => {
    const deadline = new Date(Date.now() + 300).toISOString()
    const view = viewerServer(sharing({ checkIn: { deadline, missed: false } }))
    render(<ViewerPage token={TOKEN} />, { wrapper: I18n })
    expect(await screen.findByText(`Check-in due by ${clockText(deadline)}`)).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect((await screen.findByRole('alert', {}, { timeout: 2_000 })).textContent).toContain(
      `Missed check-in at ${clockText(deadline)}`,
    )
    expect(view.calls).toHaveLength(1)
  })

  it('says when she checked in safe', async () => {
    const safeAt = ago(1)
    viewerServer(sharing({ checkIn: { deadline: ago(-10), safeAt, missed: false } }))
    render(<ViewerPage token={TOKEN} />, { wrapper: I18n })
    expect(await screen.findByText(`Checked in safe at ${clockText(safeAt)}`)).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says she arrived safe when her check-in ended by itself on her arrival, even after the deadline', async () => {
    const safeAt = ago(12)
    viewerServer(sharing({ checkIn: { deadline: ago(2), destination: 'Home', safeAt, arrived: true, missed: false } }))
    render(<ViewerPage token={TOKEN} />, { wrapper: I18n })
    expect(await screen.findByText(`Arrived safe at ${clockText(safeAt)}`)).toBeTruthy()
    expect(screen.queryByText(/Missed check-in/)).toBeNull()
    expect(screen.queryByText(/Checked in safe/)).toBeNull()
  })

  it('says the share has ended (410) or never was (404), and stops asking', async () => {
    const view = viewerServer(gone(410, 'This location share has ended', 'GONE'))
    const { unmount } = render(<ViewerPage token={TOKEN} />, { wrapper: I18n })
    expect(await screen.findByText(ViewerText.gone)).toBeTruthy()
    document.dispatchEvent(new Event('visibilitychange'))
    expect(view.calls).toHaveLength(1)
    unmount()
    viewerServer(gone(404, 'This share link does not exist', 'NOT_FOUND'))
    render(<ViewerPage token={TOKEN} />, { wrapper: I18n })
    expect(await screen.findByText(ViewerText.missing)).toBeTruthy()
  })

  it('keeps the last position when Wings cannot be reached, and says so', async () => {
    viewerServer(sharing(), 'offline')
    render(<ViewerPage token={TOKEN} />, { wrapper: I18n })
    await screen.findByRole('region', { name: 'Last known position' })
    document.dispatchEvent(new Event('visibilitychange'))
    expect(await screen.findByText(ViewerText.offline)).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Last known position' })).toBeTruthy()
  })

  it('asks again every 10 s and keeps the age up to date', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    const shown = sharing({ updatedAt: ago(0) })
    const view = viewerServer(shown)
    render(<ViewerPage token={TOKEN} />, { wrapper: I18n })
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(screen.getByText(`Updated ${clockText(shown.updatedAt ?? '')} (just now)`)).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(VIEWER_POLL_MS))
    expect(view.calls).toHaveLength(2)
    await act(() => vi.advanceTimersByTimeAsync(4 * VIEWER_CLOCK_MS - VIEWER_POLL_MS))
    expect(screen.getByText(`Updated ${clockText(shown.updatedAt ?? '')} (2 minutes ago)`)).toBeTruthy()
  })
})
