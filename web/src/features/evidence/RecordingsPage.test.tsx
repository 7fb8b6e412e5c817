import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { EvidenceRecording } from '@wings/contract'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db, type RecordingRow } from '../../db/db.ts'
import { answer, requests, server } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { RecordingsPage } from './RecordingsPage.tsx'

// The uploader is tested on its own (uploader.test.ts): here, that the page wakes it.
const uploads = vi.hoisted(() => ({ run: vi.fn() }))
vi.mock('./uploads.ts', () => ({ runUploads: uploads.run }))

const ASHA = testUser()
const id = (n: number) => `11111111-2222-4333-8444-00000000000${n}`

const row = (n: number, over: Partial<RecordingRow> = {}): RecordingRow => ({
  id: id(n),
  userId: ASHA._id,
  mimeType: 'audio/webm',
  startedAt: `2026-11-2${n}T18:30:00.000Z`,
  place: { lat: 18.95432, lon: 72.82381 },
  chunks: 2,
  bytes: 10,
  durationMs: 10_000,
  state: 'stopped',
  uploaded: 0,
  complete: false,
  ...over,
})

const remote = (n: number, over: Partial<EvidenceRecording> = {}): EvidenceRecording => ({
  id: id(n),
  mimeType: 'audio/webm',
  startedAt: `2026-11-2${n}T18:30:00.000Z`,
  durationMs: 65_000,
  bytes: 10,
  chunks: 2,
  complete: true,
  ...over,
})

const items = () => screen.queryAllByRole('listitem')
const statusOf = (n: number) =>
  document.querySelector(`[data-recording="${id(n)}"] .evidence-item__status`)?.textContent ?? null

beforeEach(async () => {
  await clearDb()
  uploads.run.mockClear()
})

describe('My recordings', () => {
  it('lists hers, on this phone and in her account, with date, length, place and where each is; never another account’s', async () => {
    await db.user.put({ key: 'me', user: ASHA, savedAt: Date.now() })
    await db.recordings.bulkPut([
      row(1),
      row(2, { complete: true, uploaded: 2 }),
      row(3, { userId: 'bbbbbbbbbbbbbbbbbbbbbbbb' }),
    ])
    server.use(answer('evidenceList', { success: true, recordings: [remote(2), remote(4)] }))
    renderInApp(<RecordingsPage />)
    await waitFor(() => expect(items()).toHaveLength(3))
    expect(uploads.run).toHaveBeenCalled()
    expect(statusOf(4)).toBe('In your account (not on this phone)')
    expect(statusOf(2)).toBe('In your account')
    expect(statusOf(1)).toBe('On this phone, waiting to upload')
    expect(statusOf(3)).toBeNull()
    const first = items()[2] as HTMLElement
    expect(within(first).getByRole('heading').textContent).toMatch(/21 Nov 2026/)
    expect(first.textContent).toContain('0:10')
    expect(first.textContent).toContain('18.95432, 72.82381')
    expect((items()[0] as HTMLElement).textContent).toContain('1:05')
    expect((items()[0] as HTMLElement).textContent).toContain('Not known')
  })

  it('deletes one after her confirmation, on the phone at once and from her account', async () => {
    await db.user.put({ key: 'me', user: ASHA, savedAt: Date.now() })
    await db.recordings.put(row(1, { complete: true, uploaded: 2 }))
    await db.recordingChunks.put({ recordingId: id(1), seq: 0, data: new ArrayBuffer(4) })
    server.use(answer('evidenceList', { success: true, recordings: [remote(1)] }))
    renderInApp(<RecordingsPage />)
    await waitFor(() => expect(items()).toHaveLength(1))
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this recording?' })
    // Cancel keeps it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(await db.recordings.count()).toBe(1)
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete recording' }))
    await waitFor(() => expect(items()).toHaveLength(0))
    // Gone from the phone at once; the server's copy goes with the uploader's next pass, which is woken.
    expect(await db.recordingChunks.count()).toBe(0)
    expect(await db.recordings.get(id(1))).toMatchObject({ deleting: true })
    expect(uploads.run).toHaveBeenCalledTimes(2)
    expect(await screen.findByText('Recording deleted')).toBeTruthy()
  })

  it('says that logged out they stay on this phone, and asks her account for nothing', async () => {
    await db.recordings.put(row(1, { userId: null }))
    renderInApp(<RecordingsPage />)
    await waitFor(() => expect(items()).toHaveLength(1))
    expect(await screen.findByText(/You are not logged in/)).toBeTruthy()
    expect(statusOf(1)).toBe('On this phone only, until you log in')
    expect(requests()).toEqual([])
  })

  it('says when there are none', async () => {
    renderInApp(<RecordingsPage />)
    expect(await screen.findByText(/No recordings yet/)).toBeTruthy()
  })
})
