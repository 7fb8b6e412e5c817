import { Suspense } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { RecordingBar } from './RecordingBar.tsx'

let root: Root | null = null

/**
 * The bar above every screen, from her first recording in this page on (it shows nothing while none runs). It has a
 * React root of its own, at the top of the page, so the app's frame carries no code for it.
 */
export function showRecordingBar(): void {
  if (root) return
  const host = document.createElement('div')
  host.className = 'evidence-bar-host'
  document.body.prepend(host)
  root = createRoot(host)
  root.render(
    <Suspense fallback={null}>
      <RecordingBar />
    </Suspense>,
  )
}
