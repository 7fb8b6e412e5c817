import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { createRoot } from 'react-dom/client'
import { routeTree } from '../routeTree.gen.ts'
import { AppProviders } from './AppProviders.tsx'
import { makeQueryClient } from './queryClient.ts'

/** Past this the screen counts as drawn as it will be without data: its first screen needs none. */
const SETTLE_MS = 300

/**
 * The app's first screen at `path` as a first visit draws it (English, no account, no data), as markup. Run at build
 * time (web/scripts/first-paint.mjs) in a DOM made for it, with the app's own modules: the page then shows what the
 * app will draw before its script has arrived. `ready` names an element the screen has once drawn.
 */
export async function firstScreenMarkup(path: string, ready: string, waitMs = 10_000): Promise<string> {
  const queryClient = makeQueryClient()
  // Nothing is asked of the server: a first visit has nothing it would answer yet.
  queryClient.setDefaultOptions({ queries: { enabled: false } })
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  root.render(<AppProviders queryClient={queryClient} router={router} />)
  try {
    for (const deadline = Date.now() + waitMs; !container.querySelector(ready); ) {
      if (Date.now() > deadline) throw new Error(`${path} did not draw ${ready}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    return container.innerHTML
  } finally {
    root.unmount()
    container.remove()
  }
}
