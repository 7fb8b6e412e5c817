/** 'Share my live location': start a share for 15 min, 1 hour or 4 hours, pass the link on, stop it. */
import './share.css'
import type { ShareDuration } from '@wings/contract'
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../ui/Button.tsx'
import { WhatsAppLink } from '../sos/components.ts'
import { useTrustedContacts } from '../trusted-contacts/index.ts'
import { clockText } from './format.ts'
import { type PanelStatus, SharePanel } from './SharePanel.tsx'
import {
  cancelPendingShare,
  checkInPending,
  type PendingShare,
  type ShareSession,
  shareLink,
  startShareWhenReachable,
  stoppedText,
  stopShare,
  usePendingShare,
  useShareSession,
} from './session.ts'
import { needsOtherWay, ShareTruthText, shareTruth, truthText } from './shareStatus.ts'

export const DURATION_CHOICES: ReadonlyArray<{ value: ShareDuration; label: string }> = [
  { value: 15, label: '15 min' },
  { value: 60, label: '1 hour' },
  { value: 240, label: '4 hours' },
]

export function LiveSharePanel() {
  const session = useShareSession()
  const pending = usePendingShare()
  const [duration, setDuration] = useState<ShareDuration>(60)
  const [status, setStatus] = useState<PanelStatus>({ kind: 'idle' })
  const id = useId()
  /** She just pressed Start and it is pending: the focus goes to what it says, as the button is gone. */
  const [asked, setAsked] = useState(false)
  const focusAfter = useRef<'running' | 'form' | null>(null)
  const copyButton = useRef<HTMLButtonElement>(null)
  const startButton = useRef<HTMLButtonElement>(null)
  const running = session ? session.token : null

  const waiting = !session && !!pending && !pending.failed
  // After a start or a stop the button she pressed is gone: move the focus to what replaced it.
  useEffect(() => {
    if (focusAfter.current === 'running' && running) copyButton.current?.focus()
    if (focusAfter.current === 'form' && !running && !waiting) startButton.current?.focus()
    focusAfter.current = null
  }, [running, waiting])

  const start = async (event: FormEvent) => {
    event.preventDefault()
    setStatus({ kind: 'busy' })
    // Set before the start: the running view may show before the call returns.
    focusAfter.current = 'running'
    try {
      const started = await startShareWhenReachable(duration)
      // Not "sharing" yet: that is true only once the server has her position (the running view says when).
      setStatus(
        started.kind === 'started'
          ? { kind: 'done', text: `Your live link is ready until ${clockText(started.session.expiresAt)}.` }
          : { kind: 'idle' },
      )
      setAsked(started.kind === 'pending')
      if (started.kind === 'pending') focusAfter.current = null
    } catch (error) {
      focusAfter.current = null
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
      {session === undefined || pending === undefined ? null : waiting && pending ? (
        <Pending
          pending={pending}
          focus={asked}
          onCancel={() => {
            focusAfter.current = 'form'
            setAsked(false)
            void cancelPendingShare()
          }}
        />
      ) : session ? (
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
  const truth = shareTruth(session, null)

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
      <p className="share-panel__until">The link works until {clockText(session.expiresAt)}.</p>
      {session.lastSentAt ? <p className="share-panel__sent">Last sent {clockText(session.lastSentAt)}</p> : null}
      {truth.kind === 'stuck' ? (
        <p className="share-panel__problem" role="alert">
          {truthText(truth)}
          {needsOtherWay(truth) ? <HelpNow /> : null}
        </p>
      ) : (
        <p className="share-panel__state">{truthText(truth)}</p>
      )}
      {checkInPending(session) ? <p className="share-panel__note">Stopping also ends your check-in timer.</p> : null}
      <Button variant="danger" onClick={onStop} disabled={busy}>
        Stop sharing
      </Button>
    </div>
  )
}

/** 'Call 112' next to a problem that keeps her position from reaching anyone. */
function HelpNow() {
  return (
    <>
      {' '}
      {ShareTruthText.helpNow} <a href="tel:112">Call 112</a>
    </>
  )
}

/** Asked for with no connection: it starts by itself when Wings can be reached; she may cancel it. */
function Pending({ pending, focus, onCancel }: { pending: PendingShare; focus: boolean; onCancel: () => void }) {
  const truth = shareTruth(null, pending)
  const note = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (focus) note.current?.focus()
  }, [focus])
  return (
    <div className="share-panel__running">
      <p className="share-panel__problem" role="alert" ref={note} tabIndex={-1}>
        {truthText(truth)}
        <HelpNow />
      </p>
      <Button variant="secondary" onClick={onCancel}>
        Do not start it
      </Button>
    </div>
  )
}
