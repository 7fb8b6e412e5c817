/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { SYNC_MESSAGE, SYNC_TAG, syncEngine } from '../sync/engine.ts'
import { alertUrl, openAlert, showAlert } from './alerts.ts'
// Every entity's sync registration, so this engine stores pulls and settles pushes as the page's does.
import '../db/entities.ts'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>
}

// The app shell (HTML, JS, CSS, icons, manifest) is precached at install, so every screen opens offline.
cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

// Every navigation (any screen URL: /help, /profile, /blog/stories/…) gets the precached index.html;
// the client router draws the screen. The API is never answered by the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }))

// A new version waits until the person accepts "Update" (the page pushes the outbox first, then posts this).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()

/** Background Sync (not in every browser: iOS Safari has none, and there the page syncs itself). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

// An op was queued while offline and the network is back: an open page syncs (its engine owns the status line);
// with no page open the worker pushes the outbox itself with the same engine. A failure makes the browser retry.
async function syncOutbox(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window' })
  if (pages.length > 0) {
    for (const page of pages) page.postMessage({ type: SYNC_MESSAGE })
    return
  }
  const result = await syncEngine.sync()
  if (result.status === 'retry') throw new Error('Sync failed: the browser will try again')
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag === SYNC_TAG) sync.waitUntil(syncOutbox())
})

// A guardian's alert from Wings' server (docs/guardians.md): shown even when no Wings page is open.
self.addEventListener('push', (event) => {
  event.waitUntil(showAlert(self.registration, event.data))
})

// A tap on an alert opens its page (the live viewer, or the guardian's page). A tap on the check-in reminder brings
// Wings forward on its safety tools ("I'm safe" is one tap away there).
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = alertUrl(event.notification.data)
  if (url) {
    event.waitUntil(openAlert(self.clients, url, self.location.origin))
    return
  }
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const page = pages[0] as WindowClient | undefined
      if (page) {
        await page.focus()
        await page.navigate('/safety').catch(() => undefined)
      } else await self.clients.openWindow('/safety')
    })(),
  )
})
