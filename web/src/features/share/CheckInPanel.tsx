/**
 * 'Check-in timer': one tap for 15 min, 30 min or 1 h; "when I arrive at ..." a place (it ends by itself there); or
 * "I'll be there by" a time or in so many minutes. It says who will be alerted if she misses it, offers to send the
 * live link to her trusted contacts, and takes "I'm safe" when she is.
 */
import './share.css'
import './checkIn.css'
import { SHARE_DESTINATION_MAX } from '@wings/contract'
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { Field } from '../../ui/Field.tsx'
import { useAuth } from '../auth/index.ts'
import { PlaceSearch } from '../places/components.ts'
import { ArrivalText, placeName, planArrival } from './arrivalEstimate.ts'
import { CheckInSendLink } from './CheckInSendLink.tsx'
import { CheckInWatchers } from './CheckInWatchers.tsx'
import { ARRIVAL_RADIUS_M, type ArrivalPlace, currentPlan } from './checkInArrival.ts'
import { CHECKIN_PRESETS, presetDeadline, startCheckIn } from './checkInStart.ts'
import { askNotificationPermission } from './checkInTimer.ts'
import type { ShareOwner } from './checkInWatchers.ts'
import { clockText, nextClockTime } from './format.ts'
import { type PanelStatus, SharePanel } from './SharePanel.tsx'
import {
  type CheckIn,
  checkInPending,
  isLive,
  MAX_CHECKIN_MINUTES,
  markSafe,
  type ShareSession,
  shareLink,
  useStoredShare,
} from './session.ts'
import { isSendProblem, shareTruth, truthText } from './shareStatus.ts'

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

/** Whose share a check-in set now would be on: a new one, or the running one (its account, when known). */
function ownerOf(live: ShareSession | null): ShareOwner {
  if (!live) return { kind: 'new' }
  const id = live.checkInPlan?.accountId
  return id === undefined ? { kind: 'unknown' } : { kind: 'account', id }
}

export function CheckInPanel() {
  const stored = useStoredShare()
  const { user } = useAuth()
  const [time, setTime] = useState('')
  const [minutes, setMinutes] = useState('')
  const [destination, setDestination] = useState('')
  const [status, setStatus] = useState<PanelStatus>({ kind: 'idle' })
  const pending = stored && checkInPending(stored) ? stored : null
  const live = stored && isLive(stored) ? stored : null
  const busy = status.kind === 'busy'

  // After a start or "I'm safe" the button she pressed is gone: move the focus to what replaced it.
  const focusAfter = useRef<'pending' | 'form' | null>(null)
  const dueLine = useRef<HTMLParagraphElement>(null)
  const firstPreset = useRef<HTMLButtonElement>(null)
  const pendingDeadline = pending?.checkIn.deadline
  useEffect(() => {
    // The buttons are disabled while busy, and a disabled button takes no focus.
    if (busy) return
    // The stored record and the answer come in either order: wait for the screen that replaced the button.
    const target =
      focusAfter.current === 'pending' && pendingDeadline
        ? dueLine.current
        : focusAfter.current === 'form' && !pendingDeadline
          ? firstPreset.current
          : null
    if (!target) return
    target.focus()
    focusAfter.current = null
  }, [pendingDeadline, busy])

  const begin = async (deadline: Date, options: { destination?: string; arrival?: ArrivalPlace; detail?: string }) => {
    setStatus({ kind: 'busy' })
    focusAfter.current = 'pending'
    try {
      const { session, started } = await startCheckIn({
        deadline,
        ...(options.destination ? { destination: options.destination } : {}),
        ...(options.arrival ? { arrival: options.arrival } : {}),
        accountId: user?._id ?? null,
      })
      const sharing = started
        ? ` Your live location share runs until ${clockText(session.expiresAt)}: what it has sent is shown below.`
        : ''
      setStatus({ kind: 'done', text: `Check-in set for ${clockText(deadline)}${options.detail ?? ''}.${sharing}` })
      return true
    } catch (error) {
      focusAfter.current = null
      setStatus({ kind: 'error', text: (error as Error).message })
      return false
    }
  }

  const startIn = (minutesFromNow: number) => {
    askNotificationPermission()
    void begin(presetDeadline(minutesFromNow, Date.now()), {})
  }

  const startOnArrival = async (place: ArrivalPlace) => {
    askNotificationPermission()
    setStatus({ kind: 'busy' })
    try {
      const planned = await planArrival(place)
      const detail = `: about ${planned.walkMinutes} min on foot, with ${planned.spareMinutes} min to spare. It ends by itself when you are within ${ARRIVAL_RADIUS_M} m of ${place.name}`
      await begin(planned.deadline, { destination: place.name, arrival: place, detail })
    } catch (error) {
      setStatus({ kind: 'error', text: (error as Error).message })
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    askNotificationPermission()
    const deadline = deadlineFrom(time, minutes, new Date())
    if (typeof deadline === 'string') {
      setStatus({ kind: 'error', text: deadline })
      return
    }
    if (await begin(deadline, { destination })) {
      setTime('')
      setMinutes('')
      setDestination('')
    }
  }

  const safe = async () => {
    setStatus({ kind: 'busy' })
    focusAfter.current = 'form'
    const { told } = await markSafe()
    const at = clockText(Date.now())
    setStatus({
      kind: 'done',
      text: told
        ? `Marked as safe at ${at}.`
        : `Marked as safe at ${at} on this phone. Wings could not be reached: the people with your link will be told when you are back online.`,
    })
  }

  const plan = currentPlan(stored)
  const arrived = !pending && plan?.arrivedAt && plan.arrival ? { place: plan.arrival.name, at: plan.arrivedAt } : null

  return (
    <SharePanel title="Check-in timer" status={status}>
      {stored === undefined ? null : pending ? (
        <Pending session={pending} busy={busy} onSafe={safe} dueLine={dueLine} />
      ) : (
        <div className="share-panel__form">
          {arrived ? (
            <p className="checkin-arrived" role="status">
              You arrived at {arrived.place} at {clockText(arrived.at)}: your check-in ended by itself.
            </p>
          ) : null}
          <fieldset className="checkin-presets">
            <legend className="checkin-presets__label">Check in within</legend>
            <div className="checkin-presets__choices">
              {CHECKIN_PRESETS.map((preset, i) => (
                <button
                  key={preset.minutes}
                  ref={i === 0 ? firstPreset : undefined}
                  type="button"
                  className="btn btn--primary checkin-presets__choice"
                  disabled={busy}
                  onClick={() => startIn(preset.minutes)}
                >
                  {preset.label}
                </button>
              ))}
            </div>
          </fieldset>
          <CheckInWatchers owner={ownerOf(live)} />
          <ArriveAt busy={busy} onStart={(place) => void startOnArrival(place)} />
          <form className="share-panel__form" onSubmit={submit} noValidate aria-label="Check-in at a time you choose">
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
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Start check-in
            </button>
          </form>
          <p className="share-panel__note">
            {live
              ? 'The people with your live location link will see the check-in.'
              : 'A check-in also shares your live location until shortly after its time, so the people you send the link to can see if you miss it.'}{' '}
            If you have not tapped "I'm safe" by then, Wings opens the emergency SOS.
          </p>
        </div>
      )}
    </SharePanel>
  )
}

/** "When I arrive at ...": she chooses a place; the deadline comes from the walk there. */
function ArriveAt({ busy, onStart }: { busy: boolean; onStart: (place: ArrivalPlace) => void }) {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [place, setPlace] = useState<ArrivalPlace | null>(null)
  const [error, setError] = useState<string | undefined>()
  const bodyId = useId()
  const body = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (open) body.current?.querySelector('input')?.focus()
  }, [open])

  return (
    <div className="checkin-arrive">
      <button
        type="button"
        className="btn btn--secondary checkin-arrive__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((was) => !was)}
      >
        When I arrive at …
      </button>
      <div id={bodyId} ref={body} className="checkin-arrive__body" hidden={!open}>
        {open ? (
          <>
            <PlaceSearch
              label="When I arrive at"
              value={text}
              onTextChange={(typed) => {
                setText(typed)
                setPlace(null)
              }}
              onChoose={(chosen) => {
                setText(chosen.display_name)
                setPlace({ name: placeName(chosen.display_name), lat: chosen.lat, lon: chosen.lon })
                setError(undefined)
              }}
              error={error}
              hint={`Type at least 3 characters, then choose the place. The check-in ends by itself when you are within ${ARRIVAL_RADIUS_M} m of it. If you are not there in time, it counts as a missed check-in.`}
            />
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => (place ? onStart(place) : setError(ArrivalText.choosePlace))}
            >
              Check in when I arrive
            </button>
          </>
        ) : null}
      </div>
    </div>
  )
}

function Pending({
  session,
  busy,
  onSafe,
  dueLine,
}: {
  session: ShareSession & { checkIn: CheckIn }
  busy: boolean
  onSafe: () => void
  dueLine: RefObject<HTMLParagraphElement | null>
}) {
  const { deadline, destination } = session.checkIn
  const due = Date.parse(deadline)
  const [missed, setMissed] = useState(() => Date.now() >= due)
  useEffect(() => {
    setMissed(Date.now() >= due)
    if (Date.now() >= due) return
    const timer = setTimeout(() => setMissed(true), due - Date.now())
    return () => clearTimeout(timer)
  }, [due])
  const arrival = currentPlan(session)?.arrival
  const live = isLive(session)
  // A fix that cannot reach the server still tells her phone she arrived; no fix at all cannot.
  const blind = session.problem !== undefined && !isSendProblem(session.problem)

  return (
    <div className="share-checkin__pending">
      <p className="share-checkin__due" ref={dueLine} tabIndex={-1}>
        Check in by {clockText(deadline)}
      </p>
      {destination ? <p className="share-checkin__destination">Destination: {destination}</p> : null}
      {live ? <p className="share-panel__note">{truthText(shareTruth(session, null))}</p> : null}
      {arrival && !missed ? (
        <p className="share-panel__note">
          It ends by itself when you are within {ARRIVAL_RADIUS_M} m of {arrival.name}.
          {blind ? ' While Wings cannot see your position, tap "I\'m safe" yourself when you are there.' : ''}
        </p>
      ) : null}
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
      <CheckInWatchers owner={ownerOf(session)} />
      {live ? <CheckInSendLink checkIn={session.checkIn} link={shareLink(session)} /> : null}
    </div>
  )
}
