import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { useT } from './messages.ts'

/** Seconds she has to cancel a shake before SOS opens. */
export const COUNTDOWN_SECONDS = 5
const BUZZ_MS = 200

/** A buzz for each second, where the phone can and the browser allows it (only after she has tapped the page). */
function buzz(): void {
  if (typeof navigator.vibrate !== 'function' || navigator.userActivation?.hasBeenActive === false) return
  navigator.vibrate(BUZZ_MS)
}

/**
 * The countdown a shake starts: a modal alert dialog with a big Cancel, focused, so a tap, Enter, Space or Escape
 * stops it; the seconds left are read out politely and buzzed. At 0 it calls `onDone` (which opens SOS).
 */
export function ShakeCountdown({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const t = useT()
  const ref = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const whatId = useId()
  const [left, setLeft] = useState(COUNTDOWN_SECONDS)
  const done = useRef(onDone)
  done.current = onDone

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement
    // Open already on React's second run in development.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    cancel.current?.focus()
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])

  useEffect(() => {
    if (left === 0) {
      done.current()
      return
    }
    buzz()
    const timer = setTimeout(() => setLeft(left - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={whatId}
      className="dialog shake-countdown"
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
      onKeyDown={(event) => {
        // Escape stops the countdown only: it must not also trigger Quick exit.
        if (event.key === 'Escape') {
          event.preventDefault()
          event.stopPropagation()
          onCancel()
        } else if (event.key === 'Tab') {
          // Cancel is the only thing to reach: the focus stays on it.
          event.preventDefault()
          cancel.current?.focus()
        }
      }}
    >
      <div className="dialog__body shake-countdown__body">
        <h2 id={titleId} className="dialog__title">
          {t('countdownTitle')}
        </h2>
        <p className="shake-countdown__number" aria-hidden="true">
          {left}
        </p>
        <p className="shake-countdown__left" aria-live="polite">
          {t('countdownLeft', { seconds: left })}
        </p>
        <p id={whatId}>{t('countdownWhat')}</p>
        <button
          ref={cancel}
          type="button"
          className="btn btn--primary btn--block shake-countdown__cancel"
          onClick={onCancel}
        >
          {t('cancel')}
        </button>
      </div>
    </dialog>
  )
}
