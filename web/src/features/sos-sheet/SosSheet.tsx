import './sosSheet.css'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { Dialog } from '../../ui/Dialog.tsx'
import {
  currentShare,
  needsOtherWay,
  ShareTruthText,
  shareLink,
  shareTruth,
  startShareWhenReachable,
  stopShare,
  truthText,
  usePendingShare,
  useShareSession,
} from '../share/index.ts'
import { WhatsAppLink } from '../sos/components.ts'
import {
  ageText,
  callLink,
  findPlace,
  type LocationProblem,
  LocationText,
  locate,
  locationDenied,
  onSosRequest,
  RELOCATE_MS,
  rememberPosition,
  SOS_CONFIRM,
  type SosPlace,
  smsLink,
  sosText,
} from '../sos/index.ts'
import { trustedContactsNow } from '../trusted-contacts/index.ts'
import {
  type GuardianAlert,
  GuardianAlertText,
  guardianAlertText,
  heldAlertDecision,
  holdAlert,
  isSignedIn,
  readHeldAlert,
  releaseHeldAlert,
} from './guardianAlert.ts'

/** How long the live link an SOS starts runs (minutes): long enough for help to arrive, and it stops by itself. */
export const SOS_SHARE_MINUTES = 60

export const SosText = {
  declined: 'Nothing was sent: your location was not read or shared, and nobody was alerted.',
  making: 'Making your live link…',
  inMessage: 'The link is in the message.',
  stopped: 'Live location sharing has stopped.',
} as const

interface Contact {
  name: string
  phone: string
}

/**
 * What became of the live link this SOS asked for. `running`: one was already running; `made`/`pending`: this SOS
 * asked for it (the stored share or pending share then says what is true); `noLocation`: her location is denied or
 * unsupported, so a link could show nothing and none is made.
 */
type LinkState =
  | { kind: 'making' }
  | { kind: 'running' | 'made' | 'pending' }
  | { kind: 'noLocation' }
  | { kind: 'failed'; text: string }

interface SheetState {
  /** ask: the spec's question is open; go: she said yes (or nobody could be asked); declined: she said no. */
  phase: 'ask' | 'go' | 'declined'
  message?: string | undefined
  /** The guardians are alerted for a press she confirmed, not for a missed check-in (the server alerts for that). */
  alerting: boolean
  locating: boolean
  place: SosPlace
  problem: LocationProblem | null
  link: LinkState
  contacts: Contact[]
  /** Signed in: what became of the alert to her guardians. */
  guardians: GuardianAlert | null
}

const EMPTY: SheetState = {
  phase: 'ask',
  alerting: false,
  locating: false,
  place: { position: null, stale: false },
  problem: null,
  link: { kind: 'making' },
  contacts: [],
  guardians: null,
}

/** The live link for the SOS: the running share's, or a new one, made now or as soon as Wings can be reached. */
async function makeLink(): Promise<LinkState> {
  if (await currentShare().catch(() => null)) return { kind: 'running' }
  if (await locationDenied()) return { kind: 'noLocation' }
  try {
    const outcome = await startShareWhenReachable(SOS_SHARE_MINUTES, { sos: true })
    return { kind: outcome.kind === 'started' ? 'made' : 'pending' }
  } catch (error) {
    return { kind: 'failed', text: (error as Error).message }
  }
}

/** Where she is, in words. */
function whereText(sheet: SheetState): string {
  if (sheet.locating) return 'Finding your location...'
  const { position, stale } = sheet.place
  if (!position) return 'Your location is not known.'
  const accuracy = position.accuracy ? ` (within ${Math.round(position.accuracy)} m)` : ''
  const label = stale ? `Last known position, ${ageText(position.at)}` : 'Your location'
  return `${label}: ${position.lat.toFixed(5)}, ${position.lon.toFixed(5)}${accuracy}`
}

/**
 * The SOS sheet. It opens at once with Call 112 first, then the helplines and Safety tools; the spec's question
 * ("Send an emergency SOS with your current location?") is asked inside it and gates only what reads or sends her
 * position: the fix, the live link and her guardians' alert. SMS (no data needed), WhatsApp and the share sheet are
 * always there, with her position once she agreed. Every line says what is true, kept in step with the stored share.
 */
export function SosSheet() {
  const [open, setOpen] = useState(false)
  const [sheet, setSheet] = useState<SheetState>(EMPTY)
  const run = useRef(0)
  const latest = useRef(sheet)
  latest.current = sheet
  const afterAnswer = useRef<HTMLParagraphElement>(null)
  const focusAfter = useRef(false)

  const session = useShareSession()
  const pending = usePendingShare()
  const held = useLiveQuery(readHeldAlert, [])
  const [recheck, setRecheck] = useState(0)

  /** Changes this run's sheet (a later SOS makes earlier runs' answers moot). */
  const updater = useCallback(
    (current: number) => (change: Partial<SheetState>) => {
      if (current === run.current) setSheet((s) => ({ ...s, ...change }))
    },
    [],
  )

  /** She agreed (or nobody could be asked): find her, make the link, and hold her guardians' alert for it. */
  const go = useCallback(
    (current: number, alerting: boolean, message: string | undefined) => {
      const update = updater(current)
      update({ phase: 'go', locating: true, alerting, link: { kind: 'making' } })
      const located = findPlace()
      const linked = makeLink()
      void located.then(({ place, problem }) => update({ place, problem, locating: false }))
      const settled = Promise.all([located, linked]).then(async ([{ problem }, link]) => {
        // With her location denied or unsupported a live link would only ever say "waiting": the one this SOS asked
        // for is not kept, and nothing claims it shares anything.
        if ((problem === 'denied' || problem === 'unsupported') && (link.kind === 'made' || link.kind === 'pending')) {
          await stopShare()
          update({ link: { kind: 'noLocation' } })
        } else update({ link })
      })
      if (!alerting) return
      void (async () => {
        if (!(await isSignedIn())) return
        update({ guardians: { kind: 'sending' } })
        const [{ place }] = await Promise.all([located, settled])
        if (!place.position) {
          update({ guardians: { kind: 'failed', text: GuardianAlertText.noPosition } })
          return
        }
        await holdAlert(place.position, message)
      })()
    },
    [updater],
  )

  useEffect(
    () =>
      onSosRequest((request) => {
        const current = ++run.current
        setSheet({
          ...EMPTY,
          message: request.message,
          phase: request.skipConfirm ? 'go' : 'ask',
        })
        setOpen(true)
        void trustedContactsNow()
          .then((contacts) => updater(current)({ contacts }))
          .catch(() => undefined)
        if (request.skipConfirm) go(current, false, request.message)
      }),
    [go, updater],
  )

  // After a timeout or an unavailable position, the sheet keeps asking while it is open.
  const { phase, problem, locating } = sheet
  const retrying = open && phase === 'go' && !locating && (problem === 'timeout' || problem === 'unavailable')
  useEffect(() => {
    if (!retrying) return
    const current = run.current
    const timer = setInterval(() => {
      locate()
        .then((position) => {
          void rememberPosition(position)
          updater(current)({ place: { position, stale: false }, problem: null })
          const { alerting, guardians } = latest.current
          // Her guardians could not be told where she was: now they can.
          if (alerting && guardians?.kind === 'failed' && guardians.text === GuardianAlertText.noPosition) {
            updater(current)({ guardians: { kind: 'sending' } })
            void holdAlert(position, latest.current.message)
          }
        })
        .catch(() => undefined)
    }, RELOCATE_MS)
    return () => clearInterval(timer)
  }, [retrying, updater])

  // The held alert goes once its live link exists (or will not), even after a reload.
  const ready = session !== undefined && pending !== undefined && held !== undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: `recheck` re-decides after the busy server's wait
  useEffect(() => {
    if (!ready || !held) return
    const decision = heldAlertDecision(held, session, pending, Date.now())
    if (!decision.send) {
      if (pending?.reason === 'offline' && latest.current.guardians?.kind === 'sending') {
        updater(run.current)({ guardians: { kind: 'waiting' } })
      }
      if (decision.recheckInMs === undefined) return
      const timer = setTimeout(() => setRecheck((n) => n + 1), decision.recheckInMs)
      return () => clearTimeout(timer)
    }
    const current = run.current
    void releaseHeldAlert(decision.token).then((outcome) => {
      if (outcome) updater(current)({ guardians: outcome })
    })
  }, [ready, held, session, pending, recheck, updater])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer replaced the button she pressed
  useEffect(() => {
    if (!focusAfter.current) return
    focusAfter.current = false
    afterAnswer.current?.focus()
  }, [phase])

  const answer = (yes: boolean) => {
    focusAfter.current = true
    if (yes) go(run.current, true, sheet.message)
    else setSheet((s) => ({ ...s, phase: 'declined' }))
  }

  const agreed = phase === 'go'
  const truth = shareTruth(session, pending)
  const liveLink = agreed && session ? shareLink(session) : null
  const text = sosText(agreed ? sheet.place : null, {
    ...(sheet.message ? { message: sheet.message } : {}),
    ...(liveLink ? { liveLink } : {}),
  })
  const phones = sheet.contacts.map((c) => c.phone)
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'
  const close = () => setOpen(false)

  return (
    <Dialog open={open} title="Emergency SOS" onClose={close} closeLast>
      <div className="sos-sheet">
        <a className="btn btn--danger sos-sheet__action sos-sheet__call" href={callLink()}>
          Call 112
        </a>
        <nav className="sos-sheet__more" aria-label="More help">
          <Link to="/help" className="btn btn--secondary sos-sheet__action" onClick={close}>
            Helplines
          </Link>
          <Link to="/safety" className="btn btn--secondary sos-sheet__action" onClick={close}>
            Safety tools
          </Link>
        </nav>

        {phase === 'ask' ? (
          <section className="sos-confirm" aria-labelledby="sos-confirm-question">
            <p id="sos-confirm-question" className="sos-confirm__question">
              {SOS_CONFIRM}
            </p>
            <p className="sos-confirm__what">
              Wings then finds where you are, puts it in the messages below with a live link, and alerts your guardians
              if you have any.
            </p>
            <div className="sos-confirm__buttons">
              <button type="button" className="btn btn--danger sos-sheet__action" onClick={() => answer(true)}>
                Send SOS
              </button>
              <button type="button" className="btn btn--secondary sos-sheet__action" onClick={() => answer(false)}>
                Don't send
              </button>
            </div>
          </section>
        ) : phase === 'declined' ? (
          <div className="sos-confirm">
            <p className="sos-confirm__declined" ref={afterAnswer} tabIndex={-1}>
              {SosText.declined}
            </p>
            <button type="button" className="btn btn--danger sos-sheet__action" onClick={() => answer(true)}>
              Send SOS with my location
            </button>
          </div>
        ) : (
          <Progress sheet={sheet} truthLine={linkLine(sheet, truth)} focusRef={afterAnswer} />
        )}

        <div className="sos-sheet__actions">
          <a className="btn btn--primary sos-sheet__action" href={smsLink(phones, text)}>
            {phones.length > 0 ? 'Send SMS to trusted contacts' : 'Send SMS'}
          </a>
          <WhatsAppLink text={text} contacts={sheet.contacts} className="btn btn--primary sos-sheet__action" />
          {canShare ? (
            <button
              type="button"
              className="btn btn--secondary sos-sheet__action"
              onClick={() => void navigator.share({ title: 'SOS', text }).catch(() => undefined)}
            >
              Share with another app
            </button>
          ) : null}
        </div>
        <p className="sos-sheet__note">
          {phones.length > 0 ? (
            `SMS goes to ${sheet.contacts.map((c) => c.name).join(', ')} and works without mobile data.`
          ) : (
            <>
              SMS works without mobile data.{' '}
              <Link to="/safety" onClick={close}>
                Add trusted contacts
              </Link>{' '}
              to send it to them at once.
            </>
          )}
        </p>
        {sheet.guardians ? (
          <p className="sos-sheet__note sos-sheet__guardians" role="status">
            {sheet.guardians.kind === 'none' && !sheet.guardians.invited ? (
              <>
                No guardians yet: invite one on{' '}
                <Link to="/safety" onClick={close}>
                  Safety tools
                </Link>
                .
              </>
            ) : (
              guardianAlertText(sheet.guardians)
            )}
          </p>
        ) : null}
        <details className="sos-sheet__message">
          <summary>Message</summary>
          <p>{text}</p>
        </details>
      </div>
    </Dialog>
  )
}

/** What this SOS's live link is, truly: from the stored share while there is one. */
function linkLine(sheet: SheetState, truth: ReturnType<typeof shareTruth>): { text: string; otherWay: boolean } {
  const { link } = sheet
  if (link.kind === 'making') return { text: SosText.making, otherWay: false }
  if (link.kind === 'noLocation') {
    const has = sheet.place.position ? 'your last known position' : 'no position'
    return {
      text: `No live link: Wings cannot use your location, so it has nothing to share. The message has ${has}.`,
      otherWay: false,
    }
  }
  if (link.kind === 'failed') {
    return { text: `Not shared: the live link could not be made. ${link.text}`, otherWay: true }
  }
  if (truth.kind === 'none') return { text: SosText.stopped, otherWay: false }
  const inMessage = truth.kind === 'waiting' || truth.kind === 'sharing' || truth.kind === 'stuck'
  return {
    text: `${truthText(truth)}${inMessage ? ` ${SosText.inMessage}` : ''}`,
    otherWay: needsOtherWay(truth),
  }
}

/** After she agreed: where she is, what went wrong finding her, and what her live link is doing. */
function Progress({
  sheet,
  truthLine,
  focusRef,
}: {
  sheet: SheetState
  truthLine: { text: string; otherWay: boolean }
  focusRef: RefObject<HTMLParagraphElement | null>
}) {
  return (
    <div className="sos-sheet__progress">
      <p className="sos-sheet__where" role="status" ref={focusRef} tabIndex={-1}>
        {whereText(sheet)}
      </p>
      {sheet.problem ? (
        <p className="sos-sheet__problem" role="alert">
          {LocationText[sheet.problem]}
        </p>
      ) : null}
      <p className="sos-sheet__note sos-sheet__live" role="status" aria-label="Live location">
        {truthLine.text}
        {truthLine.otherWay ? ` ${ShareTruthText.helpNow}` : ''}
      </p>
    </div>
  )
}
