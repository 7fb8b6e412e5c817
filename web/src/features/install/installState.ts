/** What the 'Download Our App' button can do on this browser. */

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

/** hidden: already installed; prompt: the browser's own install prompt; ios: Add to Home Screen steps; manual: browser menu steps. */
export type InstallMode = 'hidden' | 'prompt' | 'ios' | 'manual'

export interface InstallFacts {
  standalone: boolean
  installed: boolean
  hasPrompt: boolean
  ios: boolean
}

export function installMode({ standalone, installed, hasPrompt, ios }: InstallFacts): InstallMode {
  if (standalone || installed) return 'hidden'
  if (hasPrompt) return 'prompt'
  if (ios) return 'ios'
  return 'manual'
}

export function isStandalone(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean }
  if (nav.standalone === true) return true
  return typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches
}

export function isIos(nav: Navigator = navigator): boolean {
  const ua = nav.userAgent
  if (/iPad|iPhone|iPod/.test(ua)) return true
  // iPadOS 13+ says it is a Mac; a touch screen gives it away.
  return /Macintosh/.test(ua) && nav.maxTouchPoints > 1
}

// ---- a tiny store, filled as early as possible (the event can fire before React mounts) -------
let deferred: BeforeInstallPromptEvent | null = null
let installed = false
const listeners = new Set<() => void>()
let version = 0

function changed() {
  version++
  for (const l of listeners) l()
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function snapshot(): number {
  return version
}

export function deferredPrompt(): BeforeInstallPromptEvent | null {
  return deferred
}

export function wasInstalled(): boolean {
  return installed
}

export function forgetPrompt(): void {
  deferred = null
  changed()
}

export function captureInstallEvents(win: Window = window): void {
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    changed()
  })
  win.addEventListener('appinstalled', () => {
    installed = true
    deferred = null
    changed()
  })
  if (typeof win.matchMedia === 'function') {
    win.matchMedia('(display-mode: standalone)').addEventListener?.('change', changed)
  }
}
