import {
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useT } from './messages.ts'

export type ToastKind = 'success' | 'error' | 'info'

export interface ToastItem {
  id: number
  message: string
  kind: ToastKind
  /** Out of sight, its words still in the live region for a screen reader still reading them. */
  gone: boolean
}

export interface ToastOptions {
  kind?: ToastKind
  /**
   * How long it is seen, in ms: the spec's 'other toasts' are 1.5 to 2 s, post toasts 3 s. An error ignores it: it
   * stays until she closes it.
   */
  duration?: number
}

export const TOAST_DEFAULT_MS = 2000
/** How long a toast's words stay in its live region, seen or not: a screen reader may be reading something else first. */
export const TOAST_ANNOUNCE_MS = 7000
/** The errors kept on screen at once; an older one goes when a newer one comes. */
export const TOAST_MAX_ERRORS = 3

type Show = (message: string, options?: ToastOptions) => void

const ToastContext = createContext<Show | null>(null)

/**
 * The app's toasts, instead of alert(): two live regions that are always there (a region added with its words is
 * often not read), polite for news and assertive (role=alert) for errors. A toast never takes the focus. News is seen
 * for its spec's time; an error stays until she closes it, so she can read it however slowly.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([])
  const next = useRef(1)
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>())

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const t of pending) clearTimeout(t)
    }
  }, [])

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer)
      run()
    }, ms)
    timers.current.add(timer)
  }, [])

  const show = useCallback<Show>(
    (message, options = {}) => {
      const id = next.current++
      const kind = options.kind ?? 'info'
      setItems((list) => {
        // The same words again replace the older toast (and are said again), rather than piling up.
        const kept = list.filter((t) => t.message !== message || t.kind !== kind)
        const errors = kept.filter((t) => t.kind === 'error')
        const dropped = kind === 'error' ? errors.slice(0, Math.max(0, errors.length - TOAST_MAX_ERRORS + 1)) : []
        return [...kept.filter((t) => !dropped.includes(t)), { id, message, kind, gone: false }]
      })
      if (kind === 'error') return
      const seen = options.duration ?? TOAST_DEFAULT_MS
      later(seen, () => setItems((list) => list.map((t) => (t.id === id ? { ...t, gone: true } : t))))
      later(Math.max(seen, TOAST_ANNOUNCE_MS), () => setItems((list) => list.filter((t) => t.id !== id)))
    },
    [later],
  )

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), [])

  const value = useMemo(() => show, [show])
  const errors = items.filter((t) => t.kind === 'error')
  const others = items.filter((t) => t.kind !== 'error')

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts">
        <div role="status" aria-live="polite" className="toasts__region">
          {others.map((t) => (
            <p key={t.id} className={t.gone ? 'visually-hidden' : `toast toast--${t.kind}`}>
              {t.message}
            </p>
          ))}
        </div>
        <div role="alert" className="toasts__region">
          {errors.map((t) => (
            <div key={t.id} className="toast toast--error">
              <p className="toast__text">{t.message}</p>
              <button type="button" className="toast__close" onClick={() => dismiss(t.id)}>
                <span aria-hidden="true">×</span>
                <Suspense fallback={null}>
                  <CloseLabel />
                </Suspense>
              </button>
            </div>
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  )
}

/** The close button's name, in her language (its catalog may still be on its way: the × is seen meanwhile). */
function CloseLabel() {
  const t = useT()
  return <span className="visually-hidden">{t('close')}</span>
}

export function useToast(): Show {
  const show = useContext(ToastContext)
  if (!show) throw new Error('useToast needs a ToastProvider')
  return show
}
