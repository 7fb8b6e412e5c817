/** 'Share my live location': start a share for 15 min, 1 hour or 4 hours, pass the link on, stop it. */
import './share.css'
import type { ShareDuration } from '@wings/contract'
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../ui/Button.tsx'
import { WhatsAppLink } from '../sos/WhatsAppLink.tsx'
import { useTrustedContacts } from '../trusted-contacts/contacts.ts'
import { clockText } from './format.ts'
import { type PanelStatus, SharePanel } from './SharePanel.tsx'
import {
  checkInPending,
  type ShareSession,
  shareLink,
  startShare,
  stoppedText,
  stopShare,
  useShareSession,
} from './session.ts'

export const DURATION_CHOICES: ReadonlyArray<{ value: ShareDuration; label: string }> = [
  { value: 15, label: '15 min' },
  { value: 60, label: '1 hour' },
  { value: 240, label: '4 hours' },
]

export function LiveSharePanel() {
  const session = useShareSession()
  const [duration, setDuration] = useState<ShareDuration>(60)
  const [status, setStatus] = useState<PanelStatus>({ kind: 'idle' })
  const id = useId()
  const focusAfter = useRef<'running' | 'form' | null>(null)
  const copyButton = useRef<HTMLButtonElement>(null)
  const startButton = useRef<HTMLButtonElement>(null)
  const running = session ? session.token : null

  // After a start or a stop the button she pressed is gone: move the focus to what replaced it.
  useEffect(() => {
    if (focusAfter.current === 'running' && running) copyButton.current?.focus()
    if (focusAfter.current === 'form' && !running) startButton.current?.focus()
    focusAfter.current = null
  }, [running])

  const start = async (event: FormEvent) => {
    event.preventDefault()
    setStatus({ kind: 'busy' })
    try {
      const started = await startShare(duration)
      focusAfter.current = 'running'
      setStatus({ kind: 'done', text: `Sharing your live location until ${clockText(started.expiresAt)}.` })
    } catch (error) {
      setStatus({ kind: 'error', text: (error as Error).message })
    }
  }

  const stop = async () => {
    setStatus({ kind: 'busy' })
    focusAfter.current = 'form'
    const { told, expiresAt } = await stopShare()
    setStatus({
      kind: 'done',
      text: stoppedText({ told, expiresAt }),
    })
  }

  return (
    <SharePanel title="Share my live location" status={status}>
      {session === undefined ? null : session ? (
        <Running
          session={session}
          busy={status.kind === 'busy'}
          onStop={stop}
          copyButton={copyButton}
          onStatus={setStatus}
        />
      ) : (
        <form className="share-panel__form" onSubmit={start} noValidate>
          <p className="share-panel__intro">
            Anyone you send the link to can see where you are on a map until sharing ends. No account needed.
          </p>
          <fieldset className="share-choices">
            <legend>For how long</legend>
            {DURATION_CHOICES.map((choice) => (
              <label key={choice.value} className="share-choices__choice">
                <input
                  type="radio"
                  name={`${id}-duration`}
                  value={choice.value}
                  checked={duration === choice.value}
                  onChange={() => setDuration(choice.value)}
                />
                <span>{choice.label}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn--primary" ref={startButton} disabled={status.kind === 'busy'}>
            Share my live location
          </button>
        </form>
      )}
    </SharePanel>
  )
}

function Running({
  session,
  busy,
  onStop,
  copyButton,
  onStatus,
}: {
  session: ShareSession
  busy: boolean
  onStop: () => void
  copyButton: RefObject<HTMLButtonElement | null>
  onStatus: (status: PanelStatus) => void
}) {
  const link = shareLink(session)
  const id = useId()
  const canShare = typeof navigator.share === 'function'
  const contacts = useTrustedContacts() ?? []
  const message = `Follow my live location on Wings until ${clockText(session.expiresAt)}:`

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      onStatus({ kind: 'done', text: 'Link copied.' })
    } catch {
      const input = document.getElementById(`${id}-link`) as HTMLInputElement | null
      input?.select()
      onStatus({ kind: 'done', text: 'Copying is not possible here: the link is selected, copy it yourself.' })
    }
  }

  const share = async () => {
    try {
      await navigator.share({
        title: 'My live location',
        text: message,
        url: link,
      })
    } catch {
      // She closed the share sheet: nothing to say.
    }
  }

  return (
    <div className="share-panel__running">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-link`}>
          Your live location link
        </label>
        <input
          id={`${id}-link`}
          className="field__control share-panel__link"
          readOnly
          value={link}
          onFocus={(e) => e.target.select()}
        />
      </div>
      <div className="share-panel__actions">
        <button type="button" className="btn btn--secondary btn--sm" ref={copyButton} onClick={copy}>
          Copy link
        </button>
        {canShare ? (
          <Button variant="secondary" size="sm" onClick={share}>
            Share link
          </Button>
        ) : null}
      </div>
      <WhatsAppLink text={`${message} ${link}`} contacts={contacts} className="btn btn--secondary btn--sm" />
      <p className="share-panel__until">Sharing until {clockText(session.expiresAt)}</p>
      <p className="share-panel__sent">
        {session.lastSentAt ? `Last sent ${clockText(session.lastSentAt)}` : 'Waiting for your position...'}
      </p>
      {session.problem ? (
        <p className="share-panel__problem" role="alert">
          {session.problem}
        </p>
      ) : null}
      {checkInPending(session) ? <p className="share-panel__note">Stopping also ends your check-in timer.</p> : null}
      <Button variant="danger" onClick={onStop} disabled={busy}>
        Stop sharing
      </Button>
    </div>
  )
}
