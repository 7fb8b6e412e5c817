import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'

export type ToastKind = 'success' | 'error' | 'info'

export interface ToastItem {
  id: number
  message: string
  kind: ToastKind
}

export interface ToastOptions {
  kind?: ToastKind
  /** How long it stays, in ms: the spec's 'other toasts' are 1.5 to 2 s, post toasts 3 s. */
  duration?: number
}

export const TOAST_DEFAULT_MS = 2000

type Show = (message: string, options?: ToastOptions) => void

const ToastContext = createContext<Show | null>(null)

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

  const show = useCallback<Show>((message, options = {}) => {
    const id = next.current++
    const kind = options.kind ?? 'info'
    setItems((list) => [...list, { id, message, kind }])
    const timer = setTimeout(() => {
      timers.current.delete(timer)
      setItems((list) => list.filter((t) => t.id !== id))
    }, options.duration ?? TOAST_DEFAULT_MS)
    timers.current.add(timer)
  }, [])

  const value = useMemo(() => show, [show])
  const errors = items.filter((t) => t.kind === 'error')
  const others = items.filter((t) => t.kind !== 'error')

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts">
        <div role="status" aria-live="polite" className="toasts__region">
          {others.map((t) => (
            <p key={t.id} className={`toast toast--${t.kind}`}>
              {t.message}
            </p>
          ))}
        </div>
        <div role="alert" className="toasts__region">
          {errors.map((t) => (
            <p key={t.id} className="toast toast--error">
              {t.message}
            </p>
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  )
}

export function useToast(): Show {
  const show = useContext(ToastContext)
  if (!show) throw new Error('useToast needs a ToastProvider')
  return show
}
