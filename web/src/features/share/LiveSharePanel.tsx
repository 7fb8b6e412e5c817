/** 'Share my live location': start a share for 15 min, 1 hour or 4 hours, pass the link on, stop it. */
import './share.css'
import type { ShareDuration } from '@wings/contract'
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../ui/Button.tsx'
import { WhatsAppLink } from '../sos/components.ts'
import { useTrustedContacts } from '../trusted-contacts/index.ts'
import { t as everyScreenT } from './every-screen/messages.ts'
import { clockText } from './format.ts'
import { useT } from './messages.ts'
import { cancelPendingShare, type PendingShare, startShareWhenReachable, usePendingShare } from './pendingShare.ts'
import { type PanelStatus, SharePanel } from './SharePanel.tsx'
import { checkInPending, type ShareSession, shareLink, stoppedText, stopShare, useShareSession } from './session.ts'
import { needsOtherWay, shareTruth, truthText } from './shareStatus.ts'

export const DURATION_CHOICES: ReadonlyArray<{ value: ShareDuration; label: 'dur15' | 'dur60' | 'dur240' }> = [
  { value: 15, label: 'dur15' },
  { value: 60, label: 'dur60' },
  { value: 240, label: 'dur240' },
]

export function LiveSharePanel() {
  const t = useT()
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
          ? { kind: 'done', text: t('linkReady', { until: clockText(started.session.expiresAt) }) }
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
    <SharePanel title={t('panelTitle')} status={status}>
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
          <p className="share-panel__intro">{t('intro')}</p>
          <fieldset className="share-choices">
            <legend>{t('forHowLong')}</legend>
            {DURATION_CHOICES.map((choice) => (
              <label key={choice.value} className="share-choices__choice">
                <input
                  type="radio"
                  name={`${id}-duration`}
                  value={choice.value}
                  checked={duration === choice.value}
                  onChange={() => setDuration(choice.value)}
                />
                <span>{t(choice.label)}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn--primary" ref={startButton} disabled={status.kind === 'busy'}>
            {t('startShare')}
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
  const t = useT()
  const link = shareLink(session)
  const id = useId()
  const canShare = typeof navigator.share === 'function'
  const contacts = useTrustedContacts() ?? []
  const message = t('followMessage', { until: clockText(session.expiresAt) })
  const truth = shareTruth(session, null)

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      onStatus({ kind: 'done', text: t('linkCopied') })
    } catch {
      const input = document.getElementById(`${id}-link`) as HTMLInputElement | null
      input?.select()
      onStatus({ kind: 'done', text: t('copyFailed') })
    }
  }

  const share = async () => {
    try {
      await navigator.share({
        title: t('shareTitle'),
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
          {t('linkLabel')}
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
          {t('copyLink')}
        </button>
        {canShare ? (
          <Button variant="secondary" size="sm" onClick={share}>
            {t('shareLink')}
          </Button>
        ) : null}
      </div>
      <WhatsAppLink text={`${message} ${link}`} contacts={contacts} className="btn btn--secondary btn--sm" />
      <p className="share-panel__until">{t('linkUntil', { until: clockText(session.expiresAt) })}</p>
      {session.lastSentAt ? (
        <p className="share-panel__sent">{t('lastSent', { time: clockText(session.lastSentAt) })}</p>
      ) : null}
      {truth.kind === 'stuck' ? (
        <p className="share-panel__problem" role="alert">
          {truthText(truth)}
          {needsOtherWay(truth) ? <HelpNow /> : null}
        </p>
      ) : (
        <p className="share-panel__state">{truthText(truth)}</p>
      )}
      {checkInPending(session) ? <p className="share-panel__note">{t('stopEndsCheckIn')}</p> : null}
      <Button variant="danger" onClick={onStop} disabled={busy}>
        {t('stopSharing')}
      </Button>
    </div>
  )
}

/** 'Call 112' next to a problem that keeps her position from reaching anyone. */
function HelpNow() {
  const t = useT()
  return (
    <>
      {' '}
      {everyScreenT('helpNow')} <a href="tel:112">{t('call112')}</a>
    </>
  )
}

/** Asked for with no connection: it starts by itself when Wings can be reached; she may cancel it. */
function Pending({ pending, focus, onCancel }: { pending: PendingShare; focus: boolean; onCancel: () => void }) {
  const t = useT()
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
        {t('dontStart')}
      </Button>
    </div>
  )
}
