import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NextTask, useNextTask } from './useNextTask.ts'

function Probe() {
  return <p>{useNextTask() ? 'later' : 'now'}</p>
}

describe('useNextTask', () => {
  afterEach(() => vi.useRealTimers())

  it('is false in the task that mounts and true in a later one', async () => {
    vi.useFakeTimers()
    render(<Probe />)
    expect(screen.getByText('now')).toBeTruthy()
    await act(async () => {
      await Promise.resolve()
    })
    expect(screen.getByText('now')).toBeTruthy()
    await act(async () => {
      vi.runOnlyPendingTimers()
    })
    expect(screen.getByText('later')).toBeTruthy()
  })

  it('sets nothing after unmount', () => {
    vi.useFakeTimers()
    const { unmount } = render(<Probe />)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('mounts NextTask children a task after NextTask itself', async () => {
    vi.useFakeTimers()
    render(
      <NextTask>
        <p>layers</p>
      </NextTask>,
    )
    expect(screen.queryByText('layers')).toBeNull()
    await act(async () => {
      vi.runOnlyPendingTimers()
    })
    expect(screen.getByText('layers')).toBeTruthy()
  })
})
