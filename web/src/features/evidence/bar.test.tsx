import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearDb } from '../../test/sync.ts'
import { showRecordingBar } from './bar.tsx'
import { recorderState, resetRecorder, startRecording, stopRecording } from './recorder.ts'
import { FakeRecorder, fakeStream } from './testing.ts'

afterEach(async () => {
  await stopRecording()
  resetRecorder()
  await clearDb()
})

describe('the recording bar', () => {
  it('shows on the page while it records, with the time and Stop, and goes when it stops', async () => {
    await act(() =>
      startRecording({
        getUserMedia: async () => fakeStream as unknown as MediaStream,
        MediaRecorder: FakeRecorder as unknown as typeof MediaRecorder,
        place: async () => null,
      }),
    )
    act(() => showRecordingBar())
    const bar = await screen.findByRole('region', { name: 'Audio recording' })
    expect(document.body.firstElementChild?.contains(bar)).toBe(true)
    expect(within(bar).getByRole('status').textContent).toMatch(/^Recording 0:0\d$/)
    await userEvent.click(within(bar).getByRole('button', { name: 'Stop recording' }))
    await vi.waitFor(() => expect(recorderState().status).toBe('stopped'))
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Audio recording' })).toBeNull())
  })
})
