import { afterEach, describe, expect, it, vi } from 'vitest'
import { PENDING_KEY } from './keys.ts'
import { uploadWaitingEvidence } from './startup.ts'

const uploads = vi.hoisted(() => ({ run: vi.fn() }))
vi.mock('./index.ts', () => ({ runUploads: uploads.run }))

afterEach(() => {
  uploads.run.mockClear()
})

describe('at app start', () => {
  it('loads the uploader after the first screen when recordings wait', async () => {
    localStorage.setItem(PENDING_KEY, '1')
    uploadWaitingEvidence()
    expect(uploads.run).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(uploads.run).toHaveBeenCalledTimes(1))
  })

  it('loads nothing when none wait', async () => {
    uploadWaitingEvidence()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(uploads.run).not.toHaveBeenCalled()
  })
})
