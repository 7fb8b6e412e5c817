/** The page's uploader: one for the page, run by the sync engine's triggers and the recorder's chunks. */
import { syncEngine } from '../../sync/engine.ts'
import { evidenceApi } from './api.ts'
import { liveRecording } from './live.ts'
import { createUploads } from './uploader.ts'

let uploads: ReturnType<typeof createUploads> | null = null

/** Starts the uploader's triggers once, and runs a pass now. */
export function runUploads(): void {
  if (!uploads) {
    const started = createUploads({
      api: evidenceApi,
      isOnline: () => navigator.onLine !== false,
      liveId: () => liveRecording()?.id ?? null,
    })
    uploads = started
    const run = () => void started.run()
    window.addEventListener('online', run)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') run()
    })
    // Each sync run that ends (app start, online, sign-in, its backoff) is a moment the server may be reachable.
    let wasRunning = syncEngine.getState().running
    syncEngine.subscribe(() => {
      const { running } = syncEngine.getState()
      if (wasRunning && !running) run()
      wasRunning = running
    })
  }
  void uploads.run()
}
