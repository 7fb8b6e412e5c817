/** 'Check-in timer': "I'll be there by ..." (a time, or in so many minutes), then "I'm safe" when she is. */
import './share.css'
import { SHARE_DESTINATION_MAX } from '@wings/contract'
import { type FormEvent, useEffect, useState } from 'react'
import { Field } from '../../ui/Field.tsx'
import { askNotificationPermission } from './checkInTimer.ts'
import { clockText, nextClockTime } from './format.ts'
import { type PanelStatus, SharePanel } from './SharePanel.tsx'
import {
  type CheckIn,
  checkInPending,
  isLive,
  MAX_CHECKIN_MINUTES,
  markSafe,
  setCheckIn,
  useStoredShare,
} from './session.ts'

export const CheckInText = {
  noTime: 'Enter the time you will be there, or in how many minutes.',
  minutes: `Enter a whole number of minutes from 1 to ${MAX_CHECKIN_MINUTES}.`,
  badTime: 'Enter a time as hours and minutes.',
  passed: 'That time has already passed. Choose a later time.',
} as const

/** The deadline she asked for, or the words saying what is wrong. */
export function deadlineFrom(time: string, minutes: string, now: Date): Date | string {
  if (minutes.trim()) {
    const n = Number(minutes)
    if (!Number.isInteger(n) || n < 1 || n > MAX_CHECKIN_MINUTES) return CheckInText.minutes
    return new Date(now.getTime() + n * 60_000)
  }
  if (!time) return CheckInText.noTime
  const at = nextClockTime(time, now)
  if (!at) return CheckInText.badTime
  return at.getTime() <= now.getTime() ? CheckInText.passed : at
}

export function CheckInPanel() {
  const stored = useStoredShare()
  const [time, setTime] = useState('')
  const [minutes, setMinutes] = useState('')
  const [destination, setDestination] = useState('')
  const [status, setStatus] = useState<PanelStatus>({ kind: 'idle' })
  const pending = stored && checkInPending(stored) ? stored : null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    askNotificationPermission()
    const deadline = deadlineFrom(time, minutes, new Date())
    if (typeof deadline === 'string') {
      setStatus({ kind: 'error', text: deadline })
      return
    }
    setStatus({ kind: 'busy' })
    try {
      const { session, started } = await setCheckIn({ deadline: deadline.toISOString(), destination })
      const sharing = started ? ` Your live location is shared until ${clockText(session.expiresAt)}.` : ''
      setStatus({ kind: 'done', text: `Check-in set for ${clockText(deadline)}.${sharing}` })
      setTime('')
      setMinutes('')
      setDestination('')
    } catch (error) {
      setStatus({ kind: 'error', text: (error as Error).message })
    }
  }

  const safe = async () => {
    setStatus({ kind: 'busy' })
    const { told } = await markSafe()
    const at = clockText(Date.now())
    setStatus({
      kind: 'done',
      text: told
        ? `Marked as safe at ${at}.`
        : `Marked as safe at ${at} on this phone. Wings could not be reached: the people with your link will be told when you are back online.`,
    })
  }

  return (
    <SharePanel title="Check-in timer" status={status}>
      {stored === undefined ? null : pending ? (
        <Pending session={pending} busy={status.kind === 'busy'} onSafe={safe} />
      ) : (
        <form className="share-panel__form" onSubmit={submit} noValidate>
          <fieldset className="share-checkin__when">
            <legend>I'll be there by</legend>
            <div className="share-checkin__ways">
              <Field
                label="Time"
                type="time"
                value={time}
                onChange={(e) => {
                  setTime(e.target.value)
                  if (e.target.value) setMinutes('')
                }}
              />
              <span className="share-checkin__or" aria-hidden="true">
                or
              </span>
              <Field
                label="In (minutes)"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_CHECKIN_MINUTES}
                step={1}
                value={minutes}
                onChange={(e) => {
                  setMinutes(e.target.value)
                  if (e.target.value) setTime('')
                }}
              />
            </div>
            <p className="field__hint">Fill in one: a time today, or 1 to {MAX_CHECKIN_MINUTES} minutes from now.</p>
          </fieldset>
          <Field
            label="Destination (optional)"
            maxLength={SHARE_DESTINATION_MAX}
            autoComplete="off"
            value={destination}
            onChange={(e) => setDestination(e.target.value)}
          />
          <p className="share-panel__note">
            {stored && isLive(stored)
              ? 'The people with your live location link will see the check-in.'
              : 'This also shares your live location until shortly after that time, so the people you send the link to can see if you miss it.'}{' '}
            If you have not tapped "I'm safe" by then, Wings opens the emergency SOS.
          </p>
          <button type="submit" className="btn btn--primary" disabled={status.kind === 'busy'}>
            Start check-in
          </button>
        </form>
      )}
    </SharePanel>
  )
}

function Pending({ session, busy, onSafe }: { session: { checkIn: CheckIn }; busy: boolean; onSafe: () => void }) {
  const { deadline, destination } = session.checkIn
  const due = Date.parse(deadline)
  const [missed, setMissed] = useState(() => Date.now() >= due)
  useEffect(() => {
    setMissed(Date.now() >= due)
    if (Date.now() >= due) return
    const timer = setTimeout(() => setMissed(true), due - Date.now())
    return () => clearTimeout(timer)
  }, [due])

  return (
    <div className="share-checkin__pending">
      <p className="share-checkin__due">Check in by {clockText(deadline)}</p>
      {destination ? <p className="share-checkin__destination">Destination: {destination}</p> : null}
      {missed ? (
        <p className="share-panel__error" role="alert">
          You missed your check-in at {clockText(deadline)}. Tap "I'm safe" to let the people following you know you are
          all right.
        </p>
      ) : null}
      <button type="button" className="btn btn--primary share-checkin__safe" onClick={onSafe} disabled={busy}>
        I'm safe
      </button>
      <p className="share-panel__note">
        The people with your live location link will see "Missed check-in at {clockText(deadline)}" if you have not
        tapped "I'm safe" by then, and Wings will open the emergency SOS.
      </p>
    </div>
  )
}
