import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { type RecorderEnv, resetRecorder, startRecording, stopRecording } from './recorder.ts'
import { SheetRecorder } from './SheetRecorder.tsx'
import { FakeRecorder, fakeStream } from './testing.ts'

const panel = async () => within(await screen.findByRole('region', { name: 'Audio recording' }))

const env = (over: Partial<RecorderEnv> = {}): RecorderEnv => ({
  getUserMedia: async () => fakeStream as unknown as MediaStream,
  MediaRecorder: FakeRecorder as unknown as typeof MediaRecorder,
  place: async () => null,
  ...over,
})

beforeEach(async () => {
  await clearDb()
})
afterEach(async () => {
  await stopRecording()
  resetRecorder()
})

describe('Record audio in the SOS sheet', () => {
  it('shows the time running and Stop, then that it is saved on this phone', async () => {
    await act(() => startRecording(env()))
    renderInApp(<SheetRecorder close={() => undefined} />)
    expect((await (await panel()).findByRole('status')).textContent).toMatch(/^Recording 0:0\d$/)
    await userEvent.click(screen.getByRole('button', { name: 'Stop recording' }))
    expect(
      await screen.findByText('Recording saved on this phone only. Log in and it uploads to your account.'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'My recordings' }).getAttribute('href')).toBe('/recordings')
  })

  it('says plainly when the microphone is refused, and what to do', async () => {
    const refused = Object.assign(new Error('denied'), { name: 'NotAllowedError' })
    await act(() => startRecording(env({ getUserMedia: () => Promise.reject(refused) })))
    renderInApp(<SheetRecorder close={() => undefined} />)
    expect((await (await panel()).findByRole('alert')).textContent).toBe(
      'Wings is not allowed to use the microphone, so nothing is being recorded. To record, allow the microphone for this site in your browser’s settings. SOS works without it.',
    )
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('says when there is no microphone', async () => {
    const none = Object.assign(new Error('none'), { name: 'NotFoundError' })
    await act(() => startRecording(env({ getUserMedia: () => Promise.reject(none) })))
    renderInApp(<SheetRecorder close={() => undefined} />)
    expect((await (await panel()).findByRole('alert')).textContent).toMatch(/^No microphone was found/)
    vi.restoreAllMocks()
  })
})
