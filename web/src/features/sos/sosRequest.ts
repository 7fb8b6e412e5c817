/**
 * Who may open the SOS sheet: the header's button, Saathi, the /sos address and the check-in timer when a deadline
 * passes. One small store so none of them imports the sheet.
 */

export interface SosRequest {
  /** Replaces the default SOS message (e.g. the missed check-in's). */
  message?: string
  /** Nobody is there to ask (a missed check-in): her position and live link go at once, with no question. */
  skipConfirm?: boolean
}

type Listener = (request: SosRequest) => void
const listeners = new Set<Listener>()
/** A request made before the sheet listens (a screen's effect runs before the frame's): it gets it when it does. */
let unheard: SosRequest | null = null

/** Opens the SOS sheet at once (Call 112 first; her position goes only once she confirms in the sheet). */
export function requestSos(request: SosRequest = {}): void {
  if (listeners.size === 0) {
    unheard = request
    return
  }
  for (const listener of listeners) listener(request)
}

/** What the SOS button, the /sos address and the home-screen shortcut call. */
export const openSos = (): void => requestSos()

/** The sheet subscribes here; answers an unsubscribe function. */
export function onSosRequest(listener: Listener): () => void {
  listeners.add(listener)
  if (unheard) {
    const request = unheard
    unheard = null
    listener(request)
  }
  return () => listeners.delete(listener)
}
