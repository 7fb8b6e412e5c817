/**
 * While her live location is shared, every screen says so: until when, and Stop (one tap, nothing asked, as on the
 * share panel). Mounted once in the header, so it stays in view and never covers the SOS button.
 */
import './share.css'
import { useEffect, useRef, useState } from 'react'
import { clockText } from './format.ts'
import { stoppedText, stopShare, useShareSession } from './session.ts'

/** How long "Sharing stopped." stays after Stop. */
export const STOPPED_NOTE_MS = 6000

export function ShareBanner() {
  const session = useShareSession()
  const [stopped, setStopped] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const note = useRef<HTMLParagraphElement>(null)

  // The Stop button she pressed is gone: focus moves to what it did, then to the screen when that goes.
  useEffect(() => {
    if (!stopped) return
    note.current?.focus()
    const timer = setTimeout(() => {
      if (note.current && note.current === document.activeElement) document.getElementById('main')?.focus()
      setStopped(null)
    }, STOPPED_NOTE_MS)
    return () => clearTimeout(timer)
  }, [stopped])

  const stop = async () => {
    setBusy(true)
    try {
      setStopped(stoppedText(await stopShare()))
    } finally {
      setBusy(false)
    }
  }

  // A live region is announced only when it already exists: it is always there, empty when there is nothing to say.
  return (
    <div className="share-banner" role="status" aria-label="Live location sharing">
      {session ? (
        <>
          <p className="share-banner__text">
            <span className="share-banner__dot" aria-hidden="true" />
            Sharing location until {clockText(session.expiresAt)}
          </p>
          <button
            type="button"
            className="btn btn--sm share-banner__stop"
            aria-label="Stop sharing your live location"
            disabled={busy}
            onClick={() => void stop()}
          >
            Stop
          </button>
        </>
      ) : stopped ? (
        <p className="share-banner__text" ref={note} tabIndex={-1}>
          {stopped}
        </p>
      ) : null}
    </div>
  )
}
