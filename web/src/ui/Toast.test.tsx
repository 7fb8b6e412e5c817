import { act, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_ANNOUNCE_MS, TOAST_DEFAULT_MS, TOAST_MAX_ERRORS, ToastProvider, useToast } from './Toast.tsx'

let show: ReturnType<typeof useToast>

function Grab() {
  show = useToast()
  return <button type="button">Where she is</button>
}

const status = () => screen.getByRole('status')
const alertRegion = () => screen.getByRole('alert')
const seen = (region: HTMLElement) => [...region.querySelectorAll('.toast')].map((t) => t.textContent)

describe('ToastProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    )
  })
  afterEach(() => vi.useRealTimers())

  it('says news politely for its time, then keeps its words for a screen reader a while, out of sight', () => {
    const button = screen.getByRole('button', { name: 'Where she is' })
    button.focus()
    act(() => show('Message sent successfully!', { kind: 'success' }))
    expect(seen(status())).toEqual(['Message sent successfully!'])
    expect(seen(alertRegion())).toEqual([])
    // A toast never takes the focus.
    expect(document.activeElement).toBe(button)
    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_MS))
    expect(seen(status())).toEqual([])
    expect(status().textContent).toBe('Message sent successfully!')
    act(() => vi.advanceTimersByTime(TOAST_ANNOUNCE_MS - TOAST_DEFAULT_MS))
    expect(status().textContent).toBe('')
  })

  it('keeps the asked time when it is longer (post toasts: 3 s)', () => {
    act(() => show('Post created successfully!', { kind: 'success', duration: 3000 }))
    act(() => vi.advanceTimersByTime(2999))
    expect(seen(status())).toEqual(['Post created successfully!'])
    act(() => vi.advanceTimersByTime(1))
    expect(seen(status())).toEqual([])
  })

  it('says an error at once (role=alert) and keeps it until she closes it', () => {
    act(() => show('Error while saving draft.', { kind: 'error', duration: 2000 }))
    const errors = () => [...alertRegion().querySelectorAll('.toast__text')].map((t) => t.textContent)
    expect(errors()).toEqual(['Error while saving draft.'])
    expect(seen(status())).toEqual([])
    act(() => vi.advanceTimersByTime(60_000))
    expect(errors()).toEqual(['Error while saving draft.'])
    act(() => within(alertRegion()).getByRole('button', { name: 'Close' }).click())
    expect(alertRegion().textContent).toBe('')
  })

  it('says the same words again rather than piling them up, and keeps at most a few errors', () => {
    act(() => show('Failed to send message. Please try again.', { kind: 'error' }))
    act(() => show('Failed to send message. Please try again.', { kind: 'error' }))
    expect(within(alertRegion()).getAllByText('Failed to send message. Please try again.')).toHaveLength(1)
    for (let i = 1; i <= TOAST_MAX_ERRORS + 1; i++) act(() => show(`Error ${i}`, { kind: 'error' }))
    const texts = [...alertRegion().querySelectorAll('.toast__text')].map((t) => t.textContent)
    expect(texts).toEqual(['Error 2', 'Error 3', 'Error 4'])
  })
})
