/**
 * Who may open the SOS sheet: the header's button, and the check-in timer when a deadline passes. One small store so
 * neither imports the other's screens.
 */

export interface SosRequest {
  /** Replaces the default SOS message (e.g. the missed check-in's). */
  message?: string
  /** The press already was the confirmation (or there is nobody to ask: a missed check-in). */
  skipConfirm?: boolean
}

type Listener = (request: SosRequest) => void
const listeners = new Set<Listener>()

/** Opens the SOS flow (confirmation unless skipped, position, then the sheet). */
export function requestSos(request: SosRequest = {}): void {
  for (const listener of listeners) listener(request)
}

/** The sheet subscribes here; answers an unsubscribe function. */
export function onSosRequest(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
