import { openSos } from './sosRequest.ts'

const PAGE_SOS = '#sos'

/**
 * index.html's Emergency SOS works before the app's script has run: it opens a short sheet of its own by going to
 * #sos. Once the app runs, that press (made before, or while the app renders) opens the app's full sheet, and the
 * address loses #sos so that Back or a reload does not open it again.
 */
export function continuePageSos(): void {
  const take = () => {
    if (window.location.hash !== PAGE_SOS) return
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
    openSos()
  }
  window.addEventListener('hashchange', take)
  take()
}
