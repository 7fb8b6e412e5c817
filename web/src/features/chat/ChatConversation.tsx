/**
 * Saathi's conversation: the messages, the answers' buttons, suggested questions and the message box. Loaded with
 * the panel (React.lazy in ChatButton.tsx), with the assistant's engine, so the home page does not carry them.
 */
import { Link } from '@tanstack/react-router'
import { CHAT_TEXT_MAX, type ChatAction, chatTextProblem } from '@wings/contract'
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useAuth } from '../auth/index.ts'
import { requestSos } from '../sos/index.ts'
import { type ChatOwner, detectLanguage, loadConversation, reply, sendChat } from './conversation.ts'
import { useT } from './messages.ts'
import { lastOfHers, type ShownMessage } from './shown.ts'
import { chatGuestId, messagesOf, subscribeChats } from './store.ts'
import './chat.css'
import { ErrorNote } from '../../ui/ErrorNote.tsx'

/** The English of the messages 'localNote' and 'typing' (the page shows them in her language). */
export const CHAT_LOCAL_NOTE = 'Answered on this phone'
export const CHAT_TYPING = 'Saathi is typing…'

const GREETING = reply('hi')

function Actions({ actions, onLeave }: { actions: ChatAction[]; onLeave: () => void }) {
  return (
    <ul className="chat__actions">
      {actions.map((action) => (
        <li key={`${action.type}:${action.label}`}>
          {action.type === 'sos' ? (
            <button type="button" className="btn btn--danger btn--sm" onClick={() => requestSos()}>
              {action.label}
            </button>
          ) : action.type === 'call' ? (
            <a href={`tel:${action.number}`} className="btn btn--secondary btn--sm">
              {action.label}
            </a>
          ) : (
            <Link to={action.to} className="btn btn--ghost btn--sm" onClick={onLeave}>
              {action.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  )
}

function Message({ message, onLeave }: { message: ShownMessage; onLeave: () => void }) {
  const t = useT()
  const mine = message.sender === 'user'
  // Hindi or Marathi, so that a screen reader reads it in its own voice.
  const language = detectLanguage(message.text)
  return (
    <li
      className={`chat__message chat__message--${mine ? 'mine' : 'saathi'}`}
      lang={language === 'en' ? undefined : language}
    >
      <p className={`chat__bubble${mine ? ' chat__bubble--mine' : ''}`}>
        <span className="visually-hidden">{mine ? t('you') : t('saathi')} </span>
        <span>{message.text}</span>
      </p>
      {!mine && message.pending ? <p className="chat__note">{t('localNote')}</p> : null}
      {mine && message.pending === 'queued' ? <p className="chat__note">{t('queued')}</p> : null}
      {mine && message.pending === 'failed' ? <p className="chat__note">{t('notSent')}</p> : null}
      {message.actions && message.actions.length > 0 ? <Actions actions={message.actions} onLeave={onLeave} /> : null}
    </li>
  )
}

/** `onLeave`: closes the panel (a button opened another screen). */
export default function ChatConversation({ onLeave = () => undefined }: { onLeave?: () => void }) {
  const t = useT()
  const { user } = useAuth()
  // Her `_id` when signed in, else the session's guest id; undefined while the stored user is being read.
  const userId = user === undefined ? undefined : (user?._id ?? null)
  const owner = useMemo<ChatOwner | null>(() => {
    if (userId === undefined) return null
    return userId ? { id: userId, guest: false } : { id: chatGuestId(), guest: true }
  }, [userId])
  const ownerId = owner?.id ?? ''
  const messages = useSyncExternalStore(subscribeChats, () => messagesOf(ownerId))
  const [text, setText] = useState('')
  const [waiting, setWaiting] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  const box = useRef<HTMLTextAreaElement>(null)
  const log = useRef<HTMLDivElement>(null)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    box.current?.focus()
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    if (!owner) return
    const abort = new AbortController()
    setProblem(null)
    void loadConversation(owner, abort.signal).then((found) => {
      if (!abort.signal.aborted && found) setProblem(found)
    })
    return () => abort.abort()
  }, [owner])

  // The newest message (or the typing line) in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls on every change of the list on purpose
  useEffect(() => {
    const el = log.current
    if (el) el.scrollTop = el.scrollHeight
  }, [messages, waiting])

  const last = lastOfHers(messages)
  const suggestions = useMemo(() => (last === undefined ? GREETING : reply(last)).suggestions, [last])

  async function send(value: string) {
    if (!owner || chatTextProblem(value)) return
    setProblem(null)
    const found = await sendChat(owner, value.trim(), {
      waiting: (delta) => {
        if (mounted.current) setWaiting((n) => n + delta)
      },
    })
    if (found && mounted.current) setProblem(found)
  }

  function submit(event?: FormEvent) {
    event?.preventDefault()
    if (!owner || chatTextProblem(text)) return
    const value = text
    setText('')
    void send(value)
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <div className="chat__conversation">
      <div ref={log} className="chat__log" role="log" aria-live="polite" aria-label={t('logLabel')}>
        <ol className="chat__list">
          <li className="chat__message chat__message--saathi">
            <p className="chat__bubble">
              <span className="visually-hidden">{t('saathi')} </span>
              <span>{GREETING.text}</span>
            </p>
          </li>
          {messages.map((message) => (
            <Message key={message._id} message={message} onLeave={onLeave} />
          ))}
        </ol>
      </div>
      {/* Always there, so the line is announced when it fills. */}
      <p className="chat__typing" role="status" aria-label={waiting > 0 ? t('typing') : undefined}>
        {waiting > 0 ? t('typing') : null}
      </p>
      {problem ? <ErrorNote className="chat__problem">{problem}</ErrorNote> : null}
      <fieldset className="chat__chips">
        <legend className="visually-hidden">{t('suggested')}</legend>
        {suggestions.map((suggestion) => (
          <button
            key={suggestion}
            type="button"
            className="chat__chip"
            onClick={() => {
              void send(suggestion)
              box.current?.focus()
            }}
          >
            {suggestion}
          </button>
        ))}
      </fieldset>
      <form className="chat__form" onSubmit={submit}>
        <textarea
          ref={box}
          className="chat__input"
          aria-label={t('inputLabel')}
          placeholder={t('placeholder')}
          rows={2}
          maxLength={CHAT_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn--primary btn--sm chat__send">
          {t('send')}
        </button>
      </form>
    </div>
  )
}
