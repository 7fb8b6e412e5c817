/** The page's sync triggers (the engine itself also runs in the service worker, which has none of these). */
import { requestPersistentStorage } from '../db/storage.ts'
import { SYNC_MESSAGE, SYNC_TAG, type SyncEngine, syncEngine } from './engine.ts'
import { onOpQueued } from './outbox.ts'

interface SyncManagerLike {
  register(tag: string): Promise<void>
}

/**
 * Asks the service worker for a Background Sync, so the outbox is pushed when the network is back even if Wings is
 * closed by then. Where the browser has no Background Sync (iOS Safari) the page's own triggers do it.
 */
export async function registerBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false
  try {
    const registration = await navigator.serviceWorker.getRegistration()
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync
    if (!sync) return false
    await sync.register(SYNC_TAG)
    return true
  } catch {
    return false
  }
}

/**
 * Starts syncing: now (app start), when the network comes back, when Wings becomes visible, when an op is queued,
 * and when the service worker's sync event asks. Answers a function that stops it.
 */
export function startSync(engine: SyncEngine = syncEngine): () => void {
  engine.activate()
  void requestPersistentStorage()
  const trigger = () => engine.trigger()
  const onVisible = () => {
    if (document.visibilityState === 'visible') engine.trigger()
  }
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === SYNC_MESSAGE) engine.trigger()
  }
  const offQueued = onOpQueued(() => {
    void registerBackgroundSync()
    if (navigator.onLine !== false) engine.trigger()
  })
  window.addEventListener('online', trigger)
  document.addEventListener('visibilitychange', onVisible)
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
  container?.addEventListener('message', onMessage)
  engine.trigger()
  return () => {
    offQueued()
    window.removeEventListener('online', trigger)
    document.removeEventListener('visibilitychange', onVisible)
    container?.removeEventListener('message', onMessage)
    engine.deactivate()
  }
}
