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
import { ARRIVAL_RADIUS_M, type ArrivalPlace, currentPlan, setArrivalOn } from './checkInArrival.ts'
import { CHECKIN_PRESETS, presetDeadline, startCheckIn } from './checkInStart.ts'
import { askNotificationPermission } from './checkInTimer.ts'
import type { ShareOwner } from './checkInWatchers.ts'
import { clockText, nextClockTime } from './format.ts'
import { t as translate, useT } from './messages.ts'
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

/** In her language at the moment each is read. */
export const CheckInText = {
  get noTime() {
    return translate('noTime')
  },
  get minutes() {
    return translate('minutesRange', { max: MAX_CHECKIN_MINUTES })
  },
  get badTime() {
    return translate('badTime')
  },
  get passed() {
    return translate('passed')
  },
}

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
  const t = useT()
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

  const begin = async (
    deadline: Date,
    options: { destination?: string; arrival?: ArrivalPlace; detail?: Record<string, string | number> },
  ) => {
    setStatus({ kind: 'busy' })
    focusAfter.current = 'pending'
    try {
      const { session, started } = await startCheckIn({
        deadline,
        ...(options.destination ? { destination: options.destination } : {}),
        ...(options.arrival ? { arrival: options.arrival } : {}),
        accountId: user?._id ?? null,
      })
      const sharing = started ? ` ${t('sharingRuns', { until: clockText(session.expiresAt) })}` : ''
      const set = options.arrival
        ? t('checkInSetArrival', { time: clockText(deadline), ...options.detail })
        : t('checkInSet', { time: clockText(deadline) })
      setStatus({ kind: 'done', text: `${set}${sharing}` })
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
      const detail = {
        walk: planned.walkMinutes,
        spare: planned.spareMinutes,
        radius: ARRIVAL_RADIUS_M,
        place: place.name,
      }
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
      text: told ? t('safeTold', { time: at }) : t('safeLocal', { time: at }),
    })
  }

  const plan = currentPlan(stored)
  const arrived = !pending && plan?.arrivedAt && plan.arrival ? { place: plan.arrival.name, at: plan.arrivedAt } : null

  return (
    <SharePanel title={t('checkInTitle')} status={status}>
      {stored === undefined ? null : pending ? (
        <Pending session={pending} busy={busy} onSafe={safe} dueLine={dueLine} />
      ) : (
        <div className="share-panel__form">
          {arrived ? (
            <p className="checkin-arrived" role="status">
              {t('arrived', { place: arrived.place, time: clockText(arrived.at) })}
            </p>
          ) : null}
          <fieldset className="checkin-presets">
            <legend className="checkin-presets__label">{t('checkInWithin')}</legend>
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
          <form className="share-panel__form" onSubmit={submit} noValidate aria-label={t('customForm')}>
            <fieldset className="share-checkin__when">
              <legend>{t('beThereBy')}</legend>
              <div className="share-checkin__ways">
                <Field
                  label={t('time')}
                  type="time"
                  value={time}
                  onChange={(e) => {
                    setTime(e.target.value)
                    if (e.target.value) setMinutes('')
                  }}
                />
                <span className="share-checkin__or" aria-hidden="true">
                  {t('or')}
                </span>
                <Field
                  label={t('inMinutes')}
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
              <p className="field__hint">{t('fillOne', { max: MAX_CHECKIN_MINUTES })}</p>
            </fieldset>
            <Field
              label={t('destinationOptional')}
              maxLength={SHARE_DESTINATION_MAX}
              autoComplete="off"
              value={destination}
              onChange={(e) => setDestination(e.target.value)}
            />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {t('startCheckIn')}
            </button>
          </form>
          <p className="share-panel__note">
            {live ? t('noteLive') : t('noteNew')} {t('noteSos')}
          </p>
        </div>
      )}
    </SharePanel>
  )
}

/** "When I arrive at ...": she chooses a place; the deadline comes from the walk there. */
function ArriveAt({ busy, onStart }: { busy: boolean; onStart: (place: ArrivalPlace) => void }) {
  const t = useT()
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
        {t('arriveToggle')}
      </button>
      <div id={bodyId} ref={body} className="checkin-arrive__body" hidden={!open}>
        {open ? (
          <>
            <PlaceSearch
              label={t('arriveLabel')}
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
              hint={t('arriveHint', { radius: ARRIVAL_RADIUS_M })}
            />
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => (place ? onStart(place) : setError(ArrivalText.choosePlace))}
            >
              {t('arriveStart')}
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
  const t = useT()
  const { deadline, destination } = session.checkIn
  const due = Date.parse(deadline)
  const [missed, setMissed] = useState(() => Date.now() >= due)
  useEffect(() => {
    setMissed(Date.now() >= due)
    if (Date.now() >= due) return
    const timer = setTimeout(() => setMissed(true), due - Date.now())
    return () => clearTimeout(timer)
  }, [due])
  const plan = currentPlan(session)
  const arrival = plan?.arrival
  const storedOn = !plan?.arrivalOff
  // Her tap shows at once; the stored plan, written a moment later, takes over once it changes.
  const [chosen, setChosen] = useState<{ on: boolean; over: boolean } | null>(null)
  const arrivalOn = chosen && chosen.over === storedOn ? chosen.on : storedOn
  const live = isLive(session)
  // A fix that cannot reach the server still tells her phone she arrived; no fix at all cannot.
  const blind = session.problem !== undefined && !isSendProblem(session.problem)

  return (
    <div className="share-checkin__pending">
      <p className="share-checkin__due" ref={dueLine} tabIndex={-1}>
        {t('checkInBy', { time: clockText(deadline) })}
      </p>
      {destination ? <p className="share-checkin__destination">{t('destination', { destination })}</p> : null}
      {live ? <p className="share-panel__note">{truthText(shareTruth(session, null))}</p> : null}
      {arrival && !missed ? (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={arrivalOn}
              onChange={(event) => {
                setChosen({ on: event.target.checked, over: storedOn })
                setArrivalOn(session.token, event.target.checked).catch(() => setChosen(null))
              }}
            />
            {t('arrivalOn')}
          </label>
          <p className="share-panel__note">
            {arrivalOn
              ? `${t('endsOnArrival', { radius: ARRIVAL_RADIUS_M, place: arrival.name })}${blind ? ` ${t('blind')}` : ''}`
              : t('arrivalOffNote', { place: arrival.name })}
          </p>
        </>
      ) : null}
      {missed ? (
        <p className="share-panel__error" role="alert">
          {t('missedYou', { time: clockText(deadline) })}
        </p>
      ) : null}
      <button type="button" className="btn btn--primary share-checkin__safe" onClick={onSafe} disabled={busy}>
        {t('imSafe')}
      </button>
      <p className="share-panel__note">{t('pendingNote', { time: clockText(deadline) })}</p>
      <CheckInWatchers owner={ownerOf(session)} />
      {live ? <CheckInSendLink checkIn={session.checkIn} link={shareLink(session)} /> : null}
    </div>
  )
}
