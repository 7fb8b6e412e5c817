import { createRouter } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProviders } from './app/AppProviders.tsx'
import { keepFirstPaintScroll } from './app/firstPaintScroll.ts'
import { renderWhenRouted } from './app/firstRender.ts'
import { makeQueryClient } from './app/queryClient.ts'
import { ScreenError } from './app/ScreenError.tsx'
import { registerServiceWorker } from './app/swUpdate.ts'
import { db } from './db/db.ts'
import { captureInstallEvents } from './features/install/installState.ts'
import { installQuickExitKey, onQuickExit } from './features/quick-exit/quickExit.ts'
import { continuePageSos } from './features/sos/pageSos.ts'
import { startLanguage } from './i18n/language.ts'
import { routeTree } from './routeTree.gen.ts'
import { startSync } from './sync/start.ts'
import { afterFirstScreen } from './ui/afterFirstScreen.ts'
// Every entity's sync registration (the service worker's entry loads it too).
import './db/entities.ts'
import './styles/global.css'

// Escape must leave at once, even while the first screen is still rendering.
installQuickExitKey()
// The install prompt can fire before React mounts: listen at once.
captureInstallEvents()
// She may have pressed the page's own SOS (index.html's #sos) before the app started: its full sheet takes over.
continuePageSos()

// The phone's database opens (on a first visit: is made) while the screen's code and data are on their way, in a
// task of its own; the screen reads and stores in it as soon as they arrive.
setTimeout(() => db.open().catch(() => undefined), 0)

// Her language's messages for the screens loaded so far are fetched while the router loads the first screen.
const languageReady = startLanguage()

const queryClient = makeQueryClient()
onQuickExit(() => queryClient.clear())

const makeRouter = () =>
  createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
    // A screen that fails (its script did not arrive) fails alone: the frame and its Emergency SOS stay.
    defaultErrorComponent: ScreenError,
  })

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>
  }
}

const root = document.getElementById('root')
if (!root) throw new Error('No #root element')

const reactRoot = createRoot(root)
renderWhenRouted(makeRouter, (router) => {
  keepFirstPaintScroll(router)
  // In English at once; in Hindi or Marathi when the first screen's messages are here (precached after a first visit).
  return languageReady.then(() =>
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <AppProviders queryClient={queryClient} router={router} />
        </StrictMode>,
      ),
    ),
  )
})

// The first screen comes first on a slow phone: syncing and installing the offline copy start once it is shown
// and the page is idle (at most 2 s after load). The outbox is kept in IndexedDB meanwhile, so nothing waits
// but the push itself.
afterFirstScreen(() => {
  // The outbox is pushed now and on every trigger (online, visible, new op, backoff timer, the worker's sync event).
  startSync()
  if (import.meta.env.PROD && 'serviceWorker' in navigator) registerServiceWorker().catch(() => undefined)
})
