/**
 * The guardian's page (/g/:token): no account, the link is their right. Who invited them (her first name), what
 * they will receive, and how: notifications on this device and/or a confirmed e-mail; whether to hear when she starts
 * sharing; and Stop. `?confirm=<code>` (from the confirmation e-mail) confirms the address; `?stop=1` (from an alert)
 * asks whether to stop.
 */
import './guardians.css'
import { EMERGENCY_NUMBER, type GuardianInviteView, GuardianMessages, isEmail } from '@wings/contract'
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { ApiError, messageOf } from '../../api/client.ts'
import { Button } from '../../ui/Button.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import { ErrorNote } from '../../ui/ErrorNote.tsx'
import { EMAIL_INPUT } from '../../ui/emailInput.ts'
import { Field } from '../../ui/Field.tsx'
import { confirmEmail, fetchInvite, sendEmail, setShareStarted, stopAlerts } from './api.ts'
import { turnOnNotifications } from './notifications.ts'

export const GuardianPageText = {
  loading: 'Loading your invitation…',
  missing: 'This invitation link does not exist. Check that you opened the whole link, or ask her to send a new one.',
  gone: 'This invitation has ended: she removed you as a guardian, or alerts were stopped. You will not receive any more alerts.',
  invalid: 'This invitation link is not valid. Check that you opened the whole link.',
  offline: 'Cannot reach Wings right now. Check your connection and try again.',
  emailInvalid: 'Enter an e-mail address, e.g. name@example.com',
  failed: 'That did not work. Please try again.',
} as const

/** A server message as a sentence. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

function problemText(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return GuardianPageText.offline
  return sentence(messageOf(error, GuardianPageText.failed))
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
        setNotice({ kind: 'done', text: GuardianMessages.emailConfirmed })
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
      if (outcome.ok) return GuardianMessages.pushOn
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
      return GuardianMessages.stopped
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
              Try again
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
        <strong>{name}</strong> has asked you to be one of her guardians on Wings.
      </p>
      <section className="panel guardian-page__section" aria-labelledby={`${ids}-receive`}>
        <h2 id={`${ids}-receive`}>What you will receive</h2>
        <ul>
          <li>
            <strong>SOS</strong>: when she presses SOS, her message, where she is and a link to follow her live
            location.
          </li>
          <li>
            <strong>Missed check-in</strong>: when she does not check in by the time she set, her last known position,
            how old it is, and the link. This works even if her phone is off.
          </li>
          <li>
            <strong>Safe again</strong>: when she checks in after a missed check-in.
          </li>
          <li>
            <strong>Started sharing</strong>, if you choose below: when she starts sharing her live location.
          </li>
        </ul>
        <p>
          When an alert comes, open its link and call her. If she cannot be reached and you are worried, call{' '}
          {EMERGENCY_NUMBER}.
        </p>
      </section>
      {stopped ? (
        <p className="guardian-page__note" role="status">
          You stopped alerts. {GuardianMessages.stopped}
        </p>
      ) : (
        <>
          {status}
          <section className="panel guardian-page__section" aria-labelledby={`${ids}-how`}>
            <h2 id={`${ids}-how`}>How to be alerted</h2>
            <p>Choose one way or both. Wings keeps only what it needs to reach you, and nothing else about you.</p>
            <h3>Notifications on this device</h3>
            {view.push ? <p className="guardian-page__on">Notifications are on.</p> : null}
            <div className="guardian-page__actions">
              <Button onClick={() => void turnOn()} disabled={busy !== null}>
                {busy === 'push' ? 'Turning on…' : 'Turn on notifications on this device'}
              </Button>
            </div>
            {view.emailAvailable ? (
              <EmailChoice
                view={view}
                busy={busy !== null}
                onSubmit={(email) =>
                  act('email', async () => {
                    await sendEmail(token, email)
                    return GuardianMessages.emailSent
                  })
                }
              />
            ) : null}
          </section>
          <section className="panel guardian-page__section" aria-labelledby={`${ids}-sharing`}>
            <h2 id={`${ids}-sharing`}>When she starts sharing</h2>
            <label className="guardian-page__choice">
              <input
                type="checkbox"
                checked={view.shareStarted}
                disabled={busy !== null}
                onChange={(event) => {
                  const on = event.target.checked
                  void act('share', async () => {
                    await setShareStarted(token, on)
                    return on
                      ? 'You will also be told when she starts sharing her live location.'
                      : 'You will not be told when she starts sharing.'
                  })
                }}
              />
              <span>Also alert me when she starts sharing her live location</span>
            </label>
          </section>
          <section className="panel guardian-page__section" aria-labelledby={`${ids}-stop`}>
            <h2 id={`${ids}-stop`}>Stop alerts</h2>
            <p>You can stop at any time, here or from the link in every alert.</p>
            <div className="guardian-page__actions">
              <Button variant="danger" onClick={() => setAsking(true)} disabled={busy !== null}>
                Stop alerts
              </Button>
            </div>
          </section>
        </>
      )}
      <Dialog open={asking && !stopped} title="Stop all alerts?" onClose={closeStop}>
        <p>
          You will not be alerted any more when {name} needs help, on any device or by e-mail. Wings deletes how it
          reached you.
        </p>
        <div className="form__actions">
          <Button variant="danger" onClick={confirmStop}>
            Stop alerts
          </Button>
          <Button variant="secondary" onClick={closeStop}>
            Keep alerts
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
      <h3>E-mail</h3>
      {view.email ? (
        <p className="guardian-page__on">E-mail alerts are on.</p>
      ) : view.emailPending ? (
        <p>Waiting for you to confirm: open the link in the e-mail Wings sent you.</p>
      ) : null}
      <form className="form" onSubmit={submit} noValidate aria-label="Alerts by e-mail">
        <Field
          label="Your e-mail address"
          id={id}
          {...EMAIL_INPUT}
          hint="Wings sends a link to confirm it first."
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched ? problem : undefined}
          required
        />
        <div className="guardian-page__actions">
          <Button type="submit" variant="secondary" disabled={busy}>
            {view.email || view.emailPending ? 'Use this e-mail instead' : 'Send the confirmation e-mail'}
          </Button>
        </div>
      </form>
    </>
  )
}
