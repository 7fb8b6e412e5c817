import { useEffect, useId, useRef, useState } from 'react'
import { onQuickExit } from '../quick-exit/index.ts'
import { callLength, useNow } from './clock.ts'
import { useT } from './messages.ts'
import { clearCallNotification } from './notify.ts'
import { startRingtone, stopRingtone } from './ringtone.ts'

/** Rings while the page is shown; with the screen locked or Wings hidden it waits (a notification said it), then rings. */
function useRinging(ringing: boolean): void {
  useEffect(() => {
    if (!ringing) return
    const sync = () => {
      if (document.hidden) stopRingtone()
      else {
        startRingtone()
        void clearCallNotification()
      }
    }
    sync()
    document.addEventListener('visibilitychange', sync)
    window.addEventListener('pagehide', stopRingtone)
    const off = onQuickExit(stopRingtone)
    return () => {
      document.removeEventListener('visibilitychange', sync)
      window.removeEventListener('pagehide', stopRingtone)
      off()
      stopRingtone()
    }
  }, [ringing])
}

function Timer({ since }: { since: number }) {
  const t = useT()
  const now = useNow()
  return (
    <p className="fake-call__status" role="timer" aria-label={t('callLength')}>
      {callLength(now - since)}
    </p>
  )
}

const Phone = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
    />
  </svg>
)

/**
 * The incoming call, full screen as a phone shows it: the caller's initial and name, a round red Decline and a green
 * Answer (focused, so Enter answers); answered, a running timer and End call. Escape declines or ends, and is not
 * Quick exit: the screen is a modal dialog, which Quick exit leaves its Escape to.
 */
export function CallScreen({ caller, onClose }: { caller: string; onClose: () => void }) {
  const t = useT()
  const ref = useRef<HTMLDialogElement>(null)
  const name = useId()
  const status = useId()
  const [answeredAt, setAnsweredAt] = useState<number | null>(null)
  useRinging(answeredAt === null)

  useEffect(() => {
    const el = ref.current
    if (!el || el.open) return
    if (typeof el.showModal === 'function') el.showModal()
    else el.setAttribute('open', '')
    el.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      if (typeof el.close === 'function') el.close()
    }
  }, [])

  const answer = () => {
    stopRingtone()
    setAnsweredAt(Date.now())
  }
  // The End button replaces Answer: the focus goes with it.
  useEffect(() => {
    if (answeredAt !== null) ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [answeredAt])

  return (
    <dialog
      ref={ref}
      className="fake-call"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={name}
      aria-describedby={status}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        event.stopPropagation()
        onClose()
      }}
    >
      <div className="fake-call__who">
        <span className="fake-call__avatar" aria-hidden="true">
          {Array.from(caller)[0]?.toUpperCase() ?? ''}
        </span>
        <h2 id={name} className="fake-call__name">
          {caller}
        </h2>
        <div id={status}>
          {answeredAt === null ? (
            <p className="fake-call__status">
              {t('incoming')} · {t('mobile')}
            </p>
          ) : (
            <Timer since={answeredAt} />
          )}
        </div>
      </div>
      <div className="fake-call__buttons">
        {answeredAt === null ? (
          <>
            <button type="button" className="fake-call__button fake-call__button--decline" onClick={onClose}>
              <span className="fake-call__round">
                <Phone />
              </span>
              {t('decline')}
            </button>
            <button
              type="button"
              className="fake-call__button fake-call__button--answer"
              onClick={answer}
              data-autofocus
            >
              <span className="fake-call__round">
                <Phone />
              </span>
              {t('answer')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="fake-call__button fake-call__button--decline"
            onClick={onClose}
            data-autofocus
          >
            <span className="fake-call__round">
              <Phone />
            </span>
            {t('end')}
          </button>
        )}
      </div>
    </dialog>
  )
}
