/**
 * What every screen needs of the fake call: whether one is stored, and when that changes. The rest (reading it,
 * dropping a late one) is in schedule.ts, loaded with the call screen.
 */

export const CALL_KEY = 'wings.fakeCall'
export const CHANGED = 'wings:fake-call'

export function hasStoredCall(): boolean {
  try {
    return localStorage.getItem(CALL_KEY) !== null
  } catch {
    return false
  }
}

/** Calls `listener` when the schedule changes, in this tab or another. */
export function onScheduleChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CALL_KEY) listener()
  }
  window.addEventListener(CHANGED, listener)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(CHANGED, listener)
    window.removeEventListener('storage', onStorage)
  }
}
