/**
 * Shake for SOS is off until she turns it on, and kept on this device only (a phone's sensor, not her account). This
 * is all the first screen carries of it: the detector loads only once it is on.
 */

export const SHAKE_KEY = 'wings.shake'

type Listener = () => void
const listeners = new Set<Listener>()
/** Where the setting lives when the browser keeps no storage: for as long as this page. */
let unstored = false

export function shakeOn(): boolean {
  try {
    return localStorage.getItem(SHAKE_KEY) === 'on'
  } catch {
    return unstored
  }
}

export function setShakeOn(on: boolean): void {
  unstored = on
  try {
    if (on) localStorage.setItem(SHAKE_KEY, 'on')
    else localStorage.removeItem(SHAKE_KEY)
  } catch {
    // kept in `unstored`
  }
  for (const listener of listeners) listener()
}

/** For useSyncExternalStore: changes here and in her other tabs. */
export function onShakeSetting(listener: Listener): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === SHAKE_KEY || event.key === null) listener()
  }
  listeners.add(listener)
  window.addEventListener('storage', fromOtherTab)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', fromOtherTab)
  }
}
