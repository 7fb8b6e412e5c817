/**
 * The guardian's page (/g/:token): no account, the link is their right. Who invited them (her first name), what
 * they will receive, and how: notifications on this device and/or a confirmed e-mail; whether to hear when she starts
 * sharing; and Stop. `?confirm=<code>` (from the confirmation e-mail) confirms the address; `?stop=1` (from an alert)
 * asks whether to stop.
 */
import './guardians.css'
import { EMERGENCY_NUMBER, type GuardianInviteView, isEmail } from '@wings/contract'
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { failureText } from '../../api/failure/failure.ts'
import { Button } from '../../ui/Button.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import { ErrorNote } from '../../ui/ErrorNote.tsx'
import { EMAIL_INPUT } from '../../ui/emailInput.ts'
import { Field } from '../../ui/Field.tsx'
import { confirmEmail, fetchInvite, sendEmail, setShareStarted, stopAlerts } from './api.ts'
import { T, t as translate, useT } from './messages.ts'
import { turnOnNotifications } from './notifications.ts'

/** In the guardian's language at the moment each is read. */
export const GuardianPageText = {
  get loading() {
    return translate('loading')
  },
  get missing() {
    return translate('missing')
  },
  get gone() {
    return translate('gone')
  },
  get invalid() {
    return translate('invalid')
  },
  get offline() {
    return translate('offline')
  },
  get emailInvalid() {
    return translate('emailInvalid')
  },
  get failed() {
    return translate('failed')
  },
}

/** A server message as a sentence. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

function problemText(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return GuardianPageText.offline
  // A refused link (a used confirmation code): open it again rather than "check what you entered".
  return failureText(error, GuardianPageText.failed, { next: { validation: translate('openLinkAgain') } })
}

/** The invitation is unknown or over: the page reloads it and says so. */
const isEnded = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410)

/** The words for an answer that ends the page, or null for a passing failure. */
function finalText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  if (error.status === 404) return GuardianPageText.missing
  if (error.status === 410) return GuardianPageText.gone
  if (error.status === 400) return GuardianPageText.invalid
  return null
}

type Notice = { kind: 'done' | 'error'; text: string } | null

export interface GuardianPageProps {
  token: string
  /** The code of the confirmation e-mail's link. */
  confirm?: string | undefined
  /** The alert's stop link: ask at once whether to stop. */
  stop?: boolean | undefined
  /** `confirm` or `stop` was dealt with: the route takes it out of the address. */
  onHandled?: () => void
}

export function GuardianPage({ token, confirm, stop = false, onHandled }: GuardianPageProps) {
  const t = useT()
  const [view, setView] = useState<GuardianInviteView | null>(null)
  const [final, setFinal] = useState<string | null>(null)
  const [loadProblem, setLoadProblem] = useState<string | null>(null)
  const [notice, setNotice] = useState<Notice>(null)
  const [busy, setBusy] = useState<'push' | 'email' | 'share' | 'stop' | null>(null)
  const [asking, setAsking] = useState(stop)
  const confirmed = useRef<string | null>(null)
  const ids = useId()

  const load = useCallback(async () => {
    try {
      setView(await fetchInvite(token))
      setLoadProblem(null)
    } catch (error) {
      const text = finalText(error)
      if (text) setFinal(text)
      else setLoadProblem(problemText(error))
    }
  }, [token])

  useEffect(() => {
    void load()
  }, [load])

  useEffect(() => {
    if (!confirm || confirmed.current === confirm) return
    confirmed.current = confirm
    void (async () => {
      try {
        await confirmEmail(token, confirm)
        setNotice({ kind: 'done', text: translate('emailConfirmed') })
      } catch (error) {
        if (!isEnded(error)) setNotice({ kind: 'error', text: problemText(error) })
      }
      onHandled?.()
      await load()
    })()
  }, [token, confirm, load, onHandled])

  async function act(what: NonNullable<typeof busy>, action: () => Promise<string | null>) {
    setBusy(what)
    setNotice(null)
    try {
      const done = await action()
      if (done) setNotice({ kind: 'done', text: done })
    } catch (error) {
      if (!isEnded(error)) setNotice({ kind: 'error', text: problemText(error) })
    } finally {
      setBusy(null)
    }
    await load()
  }

  const turnOn = () =>
    act('push', async () => {
      const outcome = await turnOnNotifications(token)
      if (outcome.ok) return t('pushOn')
      setNotice({ kind: 'error', text: sentence(outcome.text) })
      return null
    })

  const closeStop = () => {
    setAsking(false)
    if (stop) onHandled?.()
  }

  const confirmStop = () => {
    closeStop()
    void act('stop', async () => {
      await stopAlerts(token)
      return t('stopped')
    })
  }

  const status = (
    <>
      <p className="guardian-page__status" role="status">
        {notice?.kind === 'done' ? notice.text : ''}
      </p>
      {notice?.kind === 'error' ? <ErrorNote>{notice.text}</ErrorNote> : null}
    </>
  )

  if (final) {
    return (
      <div className="guardian-page">
        {status}
        <p className="guardian-page__note" role="status">
          {final}
        </p>
      </div>
    )
  }
  if (!view) {
    return (
      <div className="guardian-page">
        {status}
        {loadProblem ? (
          <div className="guardian-page__actions">
            <p role="alert">{loadProblem}</p>
            <Button variant="secondary" onClick={() => void load()}>
              {t('tryAgain')}
            </Button>
          </div>
        ) : (
          <p className="muted">{GuardianPageText.loading}</p>
        )}
      </div>
    )
  }

  const name = view.inviterName
  const stopped = view.state === 'stopped'
  return (
    <div className="guardian-page">
      <p className="guardian-page__lead">
        <T k="lead" values={{ name }} components={{ 0: <strong /> }} />
      </p>
      <section className="panel guardian-page__section" aria-labelledby={`${ids}-receive`}>
        <h2 id={`${ids}-receive`}>{t('receiveTitle')}</h2>
        <ul>
          {(['receiveSos', 'receiveMissed', 'receiveSafe', 'receiveSharing'] as const).map((k) => (
            <li key={k}>
              <T k={k} components={{ 0: <strong /> }} />
            </li>
          ))}
        </ul>
        <p>{t('whenAlert', { number: EMERGENCY_NUMBER })}</p>
      </section>
      {stopped ? (
        <p className="guardian-page__note" role="status">
          {t('youStopped', { stopped: t('stopped') })}
        </p>
      ) : (
        <>
          {status}
          <section className="panel guardian-page__section" aria-labelledby={`${ids}-how`}>
            <h2 id={`${ids}-how`}>{t('howTitle')}</h2>
            <p>{t('howIntro')}</p>
            <h3>{t('pushTitle')}</h3>
            {view.push ? <p className="guardian-page__on">{t('pushIsOn')}</p> : null}
            <div className="guardian-page__actions">
              <Button onClick={() => void turnOn()} disabled={busy !== null}>
                {busy === 'push' ? t('turningOn') : t('turnOn')}
              </Button>
            </div>
            {view.emailAvailable ? (
              <EmailChoice
                view={view}
                busy={busy !== null}
                onSubmit={(email) =>
                  act('email', async () => {
                    await sendEmail(token, email)
                    return t('emailSent')
                  })
                }
              />
            ) : null}
          </section>
          <section className="panel guardian-page__section" aria-labelledby={`${ids}-sharing`}>
            <h2 id={`${ids}-sharing`}>{t('sharingTitle')}</h2>
            <label className="guardian-page__choice">
              <input
                type="checkbox"
                checked={view.shareStarted}
                disabled={busy !== null}
                onChange={(event) => {
                  const on = event.target.checked
                  void act('share', async () => {
                    await setShareStarted(token, on)
                    return on ? t('sharingOn') : t('sharingOff')
                  })
                }}
              />
              <span>{t('sharingChoice')}</span>
            </label>
          </section>
          <section className="panel guardian-page__section" aria-labelledby={`${ids}-stop`}>
            <h2 id={`${ids}-stop`}>{t('stopTitle')}</h2>
            <p>{t('stopIntro')}</p>
            <div className="guardian-page__actions">
              <Button variant="danger" onClick={() => setAsking(true)} disabled={busy !== null}>
                {t('stopButton')}
              </Button>
            </div>
          </section>
        </>
      )}
      <Dialog open={asking && !stopped} title={t('stopDialogTitle')} onClose={closeStop}>
        <p>{t('stopDialogText', { name })}</p>
        <div className="form__actions">
          <Button variant="danger" onClick={confirmStop}>
            {t('stopButton')}
          </Button>
          <Button variant="secondary" onClick={closeStop}>
            {t('keepAlerts')}
          </Button>
        </div>
      </Dialog>
    </div>
  )
}

function EmailChoice({
  view,
  busy,
  onSubmit,
}: {
  view: GuardianInviteView
  busy: boolean
  onSubmit: (email: string) => Promise<void>
}) {
  const t = useT()
  const [email, setEmail] = useState('')
  const [touched, setTouched] = useState(false)
  const id = useId()
  const problem = isEmail(email.trim()) ? undefined : GuardianPageText.emailInvalid

  async function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (problem) {
      document.getElementById(id)?.focus()
      return
    }
    await onSubmit(email.trim())
    setTouched(false)
  }

  return (
    <>
      <h3>{t('emailTitle')}</h3>
      {view.email ? (
        <p className="guardian-page__on">{t('emailIsOn')}</p>
      ) : view.emailPending ? (
        <p>{t('emailWaiting')}</p>
      ) : null}
      <form className="form" onSubmit={submit} noValidate aria-label={t('emailForm')}>
        <Field
          label={t('emailLabel')}
          id={id}
          {...EMAIL_INPUT}
          hint={t('emailHint')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched ? problem : undefined}
          required
        />
        <div className="guardian-page__actions">
          <Button type="submit" variant="secondary" disabled={busy}>
            {view.email || view.emailPending ? t('emailChange') : t('emailSend')}
          </Button>
        </div>
      </form>
    </>
  )
}
