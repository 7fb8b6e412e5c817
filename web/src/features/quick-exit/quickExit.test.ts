import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_QUICK_EXIT_URL,
  handleQuickExitKey,
  installQuickExitKey,
  onQuickExit,
  setQuickExitNavigator,
} from './quickExit.ts'

describe('quick exit', () => {
  const go = vi.fn()
  beforeEach(() => {
    go.mockReset()
    setQuickExitNavigator(go)
    document.body.innerHTML = ''
  })
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('leaves for the neutral page on Escape and forgets registered state', () => {
    const forget = vi.fn()
    const off = onQuickExit(forget)
    sessionStorage.setItem('secret', '1')
    const remove = installQuickExitKey(window)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    remove()
    off()
    expect(go).toHaveBeenCalledWith(DEFAULT_QUICK_EXIT_URL)
    expect(forget).toHaveBeenCalledTimes(1)
    expect(sessionStorage.getItem('secret')).toBeNull()
  })

  it('ignores other keys and Escape with modifiers', () => {
    expect(handleQuickExitKey(new KeyboardEvent('keydown', { key: 'Enter' }))).toBe(false)
    expect(handleQuickExitKey(new KeyboardEvent('keydown', { key: 'Escape', shiftKey: true }))).toBe(false)
    expect(go).not.toHaveBeenCalled()
  })

  it('lets an open dialog or menu take the Escape key', () => {
    const dialog = document.createElement('dialog')
    dialog.setAttribute('open', '')
    document.body.append(dialog)
    expect(handleQuickExitKey(new KeyboardEvent('keydown', { key: 'Escape' }))).toBe(false)
    dialog.remove()
    const menu = document.createElement('div')
    menu.dataset.escapeLayer = 'open'
    document.body.append(menu)
    expect(handleQuickExitKey(new KeyboardEvent('keydown', { key: 'Escape' }))).toBe(false)
    expect(go).not.toHaveBeenCalled()
  })

  it('does nothing when the Escape was already handled', () => {
    const event = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true })
    event.preventDefault()
    expect(handleQuickExitKey(event)).toBe(false)
    expect(go).not.toHaveBeenCalled()
  })
})
