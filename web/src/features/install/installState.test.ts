import { describe, expect, it } from 'vitest'
import { installMode, isIos, isStandalone } from './installState.ts'

const base = { standalone: false, installed: false, hasPrompt: false, ios: false }

describe('install button visibility', () => {
  it('is hidden when the app already runs installed', () => {
    expect(installMode({ ...base, standalone: true, hasPrompt: true })).toBe('hidden')
    expect(installMode({ ...base, installed: true, ios: true })).toBe('hidden')
  })
  it('uses the browser prompt when one was offered', () => {
    expect(installMode({ ...base, hasPrompt: true })).toBe('prompt')
  })
  it('shows the Add to Home Screen steps on iOS', () => {
    expect(installMode({ ...base, ios: true })).toBe('ios')
  })
  it('explains the browser menu otherwise', () => {
    expect(installMode(base)).toBe('manual')
  })
})

describe('platform facts', () => {
  it('knows iPhones and iPads', () => {
    const nav = (userAgent: string, maxTouchPoints = 0) => ({ userAgent, maxTouchPoints }) as Navigator
    expect(isIos(nav('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'))).toBe(true)
    expect(isIos(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5))).toBe(true)
    expect(isIos(nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0))).toBe(false)
    expect(isIos(nav('Mozilla/5.0 (Linux; Android 14)'))).toBe(false)
  })
  it('knows standalone mode from navigator.standalone or the display-mode query', () => {
    const win = (standalone: boolean | undefined, matches: boolean) =>
      ({
        navigator: { standalone },
        matchMedia: () => ({ matches }),
      }) as unknown as Window
    expect(isStandalone(win(true, false))).toBe(true)
    expect(isStandalone(win(undefined, true))).toBe(true)
    expect(isStandalone(win(undefined, false))).toBe(false)
  })
})
