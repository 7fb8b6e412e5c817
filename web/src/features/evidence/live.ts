/**
 * Whether a recording runs in this page (the uploader leaves it open), and whether recordings may be waiting for
 * upload (a flag in local storage, so the app's start does not open IndexedDB to find out: startup.ts).
 */
import { PENDING_KEY } from './keys.ts'

export interface LiveRecording {
  id: string
  /** ms since the epoch. */
  startedAt: number
}

let live: LiveRecording | null = null

/** The recording running in this page, or null. */
export const liveRecording = (): LiveRecording | null => live

export function setLiveRecording(recording: LiveRecording | null): void {
  live = recording
}

/** Recordings on this phone may need uploading or deleting on the server. */
export function hasPendingEvidence(): boolean {
  try {
    return localStorage.getItem(PENDING_KEY) !== null
  } catch {
    return false
  }
}

export function setPendingEvidence(pending: boolean): void {
  try {
    if (pending) localStorage.setItem(PENDING_KEY, '1')
    else localStorage.removeItem(PENDING_KEY)
  } catch {
    // Private mode without storage: the uploader still runs whenever this page records.
  }
}
