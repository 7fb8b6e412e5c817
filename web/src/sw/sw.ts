/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>
}

// The app shell (HTML, JS, CSS, icons, manifest) is precached at install, so every screen opens offline.
cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

// Every navigation (any screen URL: /help, /profile, /blog/stories/…) gets the precached index.html;
// the client router draws the screen. The API is never answered by the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }))

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

void self.skipWaiting()
clientsClaim()
