import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useT } from './messages.ts'

export interface DialogProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** Close comes after the content, not beside the title (the SOS sheet: Call 112 is the first thing to reach). */
  closeLast?: boolean
}

/** What Tab can reach in `root`, in order. */
function tabStops(root: HTMLElement): HTMLElement[] {
  const selector = 'a[href], button, input, select, textarea, summary, [tabindex]'
  const shown = (el: HTMLElement) =>
    !el.closest('[hidden], [inert]') && (!el.closest('details:not([open])') || el.parentElement?.tagName === 'DETAILS')
  return [...root.querySelectorAll<HTMLElement>(selector)].filter(
    (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && shown(el),
  )
}

/**
 * A modal dialog on the native <dialog> element: Tab and Shift+Tab go round inside it (the browser would go on to its
 * own toolbar), Escape and the Close button close it, and the focus goes back to what opened it. On opening, the
 * element marked `data-autofocus` takes the focus (else the first one), so a question can be answered with one key.
 */
export function Dialog({ open, title, onClose, children, closeLast = false }: DialogProps) {
  const t = useT()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const opener = useRef<Element | null>(null)

  useEffect(() => {
    const el = ref.current
    if (!el) return
    if (open && !el.open) {
      opener.current = document.activeElement
      if (typeof el.showModal === 'function') el.showModal()
      else el.setAttribute('open', '')
      el.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    } else if (!open && el.open) {
      if (typeof el.close === 'function') el.close()
      else el.removeAttribute('open')
      if (opener.current instanceof HTMLElement) opener.current.focus()
    }
  }, [open])

  const close = (
    <button type="button" className="btn btn--ghost btn--sm" onClick={onClose}>
      {t('close')}
    </button>
  )

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Tab') {
          const stops = tabStops(event.currentTarget)
          const [first, last] = [stops[0], stops.at(-1)]
          const active = document.activeElement
          const edge = event.shiftKey ? first : last
          if (first && last && (active === edge || active === event.currentTarget)) {
            event.preventDefault()
            ;(event.shiftKey ? last : first).focus()
          }
          return
        }
        if (event.key === 'Escape') {
          // Escape closes this dialog only; it must not also trigger Quick exit.
          event.preventDefault()
          event.stopPropagation()
          onClose()
        }
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {closeLast ? null : close}
      </div>
      <div className="dialog__body">
        {children}
        {closeLast ? <div className="dialog__footer">{close}</div> : null}
      </div>
    </dialog>
  )
}
