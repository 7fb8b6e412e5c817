/** Quick exit: leave Wings for a neutral page at once, as domestic-abuse support sites do. */

export const DEFAULT_QUICK_EXIT_URL = 'https://www.google.com/search?q=weather'

export function quickExitUrl(): string {
  const configured = import.meta.env.VITE_QUICK_EXIT_URL as string | undefined
  return configured?.trim() ? configured.trim() : DEFAULT_QUICK_EXIT_URL
}

type Cleaner = () => void
const cleaners = new Set<Cleaner>()

/** Registers something to forget (in-memory sensitive state) when the person leaves quickly. */
export function onQuickExit(clean: Cleaner): () => void {
  cleaners.add(clean)
  return () => {
    cleaners.delete(clean)
  }
}

let navigate: (url: string) => void = (url) => window.location.replace(url)

/** For tests: replaces how the page is left. */
export function setQuickExitNavigator(fn: (url: string) => void): void {
  navigate = fn
}

export function quickExit(): void {
  for (const clean of cleaners) {
    try {
      clean()
    } catch {
      // leaving matters more than tidying up
    }
  }
  try {
    sessionStorage.clear()
  } catch {
    // storage may be unavailable
  }
  // replace(), not assign(): the Back button must not come back to Wings.
  navigate(quickExitUrl())
}

/** Whether something open (a dialog, a menu, the chat panel) should take this Escape instead. */
function somethingOpen(doc: Document): boolean {
  return doc.querySelector('dialog[open], [aria-modal="true"], [data-escape-layer="open"]') !== null
}

/** The Escape key leaves Wings, unless a dialog or menu is open (then Escape closes that). */
export function handleQuickExitKey(event: KeyboardEvent, doc: Document = document): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing || event.repeat) return false
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false
  if (somethingOpen(doc)) return false
  quickExit()
  return true
}

export function installQuickExitKey(target: Window = window): () => void {
  const listener = (event: KeyboardEvent) => {
    handleQuickExitKey(event, target.document)
  }
  target.addEventListener('keydown', listener)
  return () => target.removeEventListener('keydown', listener)
}
