/**
 * While her live location is shared (or waiting to be), every screen says what is true of it: shared until when,
 * waiting for her position, or not shared and why; with Stop (one tap, nothing asked, as on the share panel). Mounted
 * once in the header, so it stays in view and never covers the SOS button.
 */
import './share.css'
import { useEffect, useRef, useState } from 'react'
import { useT } from './every-screen/messages.ts'
import { cancelPendingShare, usePendingShare } from './pendingShare.ts'
import { stoppedText, stopShare, useShareSession } from './session.ts'
import { bannerText, shareTruth } from './shareStatus.ts'

/** How long "Sharing stopped." stays after Stop. */
export const STOPPED_NOTE_MS = 6000

export function ShareBanner() {
  const t = useT()
  const session = useShareSession()
  const pending = usePendingShare()
  const truth = shareTruth(session, pending)
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
    <div className={`share-banner share-banner--${truth.kind}`} role="status" aria-label={t('bannerLabel')}>
      {truth.kind !== 'none' ? (
        <>
          <p className="share-banner__text">
            <span className="share-banner__dot" aria-hidden="true" />
            {bannerText(truth)}
          </p>
          <button
            type="button"
            className="btn btn--sm share-banner__stop"
            aria-label={truth.kind === 'notMade' ? undefined : t('bannerStopLabel')}
            disabled={busy}
            onClick={() => void (truth.kind === 'notMade' ? cancelPendingShare() : stop())}
          >
            {truth.kind === 'notMade' ? t('dismiss') : t('stop')}
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
