import { EMERGENCY_NUMBER } from '@wings/contract'
import { Component, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react'
import './chat.css'
import { useT } from './messages.ts'

export const CHAT_CLOSE_MS = 300

type Phase = 'closed' | 'open' | 'closing'

// The conversation and the assistant's engine load when the panel first opens: the home page does not carry them.
const ChatConversation = lazy(() => import('./ChatConversation.tsx'))

/** Each number and its name: a message of the catalog, or a service's own name (Tele-MANAS). */
const QUICK_NUMBERS = [
  { number: EMERGENCY_NUMBER, key: 'emergency' },
  { number: '181', key: 'womenHelpline' },
  { number: '14416', name: 'Tele-MANAS' },
] as const

function QuickNumbers() {
  const t = useT()
  return (
    <div className="chat__body">
      <p className="chat__bubble" role="alert">
        {t('couldNotOpen')}
      </p>
      <ul className="chat__numbers">
        {QUICK_NUMBERS.map((n) => (
          <li key={n.number}>
            <a href={`tel:${n.number}`} className="btn btn--secondary btn--sm">
              {'key' in n ? t(n.key) : n.name} {n.number}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** If the conversation cannot load (an old chunk gone after an update...), the numbers still show. */
class ChatFallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return <QuickNumbers />
  }
}

/** The floating chat button and the Saathi panel (fade in; fade out over 300 ms). */
export function ChatButton() {
  const t = useT()
  const [phase, setPhase] = useState<Phase>('closed')
  const titleId = useId()
  const panelId = useId()
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  useEffect(() => {
    // The message box takes focus when the conversation is there; until then the panel holds it.
    if (phase === 'open' && !panel.current?.contains(document.activeElement)) panel.current?.focus()
  }, [phase])

  function open() {
    clearTimeout(timer.current)
    setPhase('open')
  }

  function close() {
    if (phase !== 'open') return
    setPhase('closing')
    button.current?.focus()
    timer.current = setTimeout(() => setPhase('closed'), CHAT_CLOSE_MS)
  }

  const shown = phase !== 'closed'

  return (
    <div className="chat">
      {shown ? (
        <section
          ref={panel}
          id={panelId}
          className={`chat__panel chat__panel--${phase}`}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          data-escape-layer={phase === 'open' ? 'open' : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault()
              close()
            }
          }}
        >
          <header className="chat__header">
            <h2 id={titleId} className="chat__title">
              {t('title')}
            </h2>
            <button
              type="button"
              className="btn btn--ghost btn--sm chat__close"
              onClick={close}
              aria-label={t('closeLabel')}
            >
              {t('close')}
            </button>
          </header>
          <ChatFallback>
            <Suspense fallback={<p className="chat__body">{t('opening')}</p>}>
              <ChatConversation onLeave={close} />
            </Suspense>
          </ChatFallback>
        </section>
      ) : null}
      <button
        ref={button}
        type="button"
        className="chat__fab"
        aria-label={t('openLabel')}
        aria-expanded={phase === 'open'}
        aria-controls={shown ? panelId : undefined}
        onClick={() => (phase === 'open' ? close() : open())}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z"
          />
        </svg>
      </button>
    </div>
  )
}
