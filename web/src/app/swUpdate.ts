/**
 * Service-worker updates: a new version waits (the worker no longer skips waiting by itself) until she accepts
 * "Update"; then the outbox is pushed first, the new worker takes over and the page reloads once.
 */
import { useSyncExternalStore } from 'react'
import { type SyncEngine, syncEngine } from '../sync/engine.ts'

export const SKIP_WAITING = 'SKIP_WAITING'

let waiting: ServiceWorker | null = null
const listeners = new Set<() => void>()

/** A new version is installed and waits for her go-ahead. */
export function announceWaiting(worker: ServiceWorker | null): void {
  waiting = worker
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useWaitingWorker(): ServiceWorker | null {
  return useSyncExternalStore(
    subscribe,
    () => waiting,
    () => null,
  )
}

/** Registers /sw.js and watches for a new version (also checked when Wings becomes visible again). */
export async function registerServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker
  const registration = await container.register('/sw.js', { scope: '/' })
  // Only an update waits: the very first worker has no page version to replace.
  const isUpdate = () => container.controller !== null
  if (registration.waiting && isUpdate()) announceWaiting(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && isUpdate()) announceWaiting(worker)
    })
  })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined)
  })
}

/** Pushes the outbox (whatever cannot go stays safely queued), then lets the new worker take over and reloads. */
export async function applyUpdate(
  worker: ServiceWorker,
  engine: SyncEngine = syncEngine,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  await engine.sync().catch(() => undefined)
  let reloaded = false
  navigator.serviceWorker?.addEventListener('controllerchange', () => {
    if (reloaded) return
    reloaded = true
    reload()
  })
  worker.postMessage({ type: SKIP_WAITING })
}
