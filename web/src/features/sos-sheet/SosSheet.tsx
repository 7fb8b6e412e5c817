import './sosSheet.css'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Dialog } from '../../ui/Dialog.tsx'
import {
  currentShare,
  readPending,
  shareTruth,
  startShareWhenReachable,
  stopShare,
  usePendingShare,
  useShareSession,
} from '../share/index.ts'
import {
  callLink,
  findPlace,
  locate,
  locationDenied,
  onSosRequest,
  RELOCATE_MS,
  rememberPosition,
  useSosT,
} from '../sos/index.ts'
import { heldAlertDecision, holdAlert, isSignedIn, readHeldAlert, releaseHeldAlert } from './guardianAlert.ts'
import { useT } from './messages.ts'
import { EMPTY, type LinkState, type SheetState, SOS_SHARE_MINUTES } from './sheetState.ts'

export { SOS_SHARE_MINUTES, SosText } from './sheetState.ts'

// What follows Call 112 and the question (her position, SMS and WhatsApp) comes as the sheet first opens: Call 112,
// the question and the helplines are there at once, and the first screen does not carry the rest.
let body: typeof import('./SheetBody.tsx') | undefined
const loadBody = () => import('./SheetBody.tsx').then((m) => (body = m))
const SheetBody = lazy(() => loadBody().then((m) => ({ default: m.SheetBody })))
const LazyStatus = lazy(() => loadBody().then((m) => ({ default: m.SheetStatus })))

/**
 * The spec's confirmation prompt, as fast as one: Send SOS has the focus when the sheet opens, so Enter or Space
 * answers yes, and Call 112 is one Shift+Tab before it. The question is the button's description, read with it.
 */
function Confirm({ answer }: { answer: (yes: boolean) => void }) {
  const t = useT()
  const sosT = useSosT()
  const question = useId()
  return (
    <section className="sos-confirm" aria-labelledby={question}>
      <p id={question} className="sos-confirm__question">
        {sosT('confirm')}
      </p>
      <p className="sos-confirm__what">{t('confirmWhat')}</p>
      <div className="sos-confirm__buttons">
        <button
          type="button"
          className="btn btn--danger sos-sheet__action"
          data-autofocus
          aria-describedby={question}
          onClick={() => answer(true)}
        >
          {t('sendSos')}
        </button>
        <button type="button" className="btn btn--secondary sos-sheet__action" onClick={() => answer(false)}>
          {t('dontSend')}
        </button>
      </div>
    </section>
  )
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

/**
 * The SOS sheet. It opens at once with Call 112 first, then the spec's question ("Send an emergency SOS with your
 * current location?", its Send SOS focused), the helplines and Safety tools; the question gates only what reads or sends her
 * position: the fix, the live link and her guardians' alert. SMS (no data needed), WhatsApp and the share sheet are
 * always there, with her position once she agreed. Every line says what is true, kept in step with the stored share.
 */
export function SosSheet() {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [sheet, setSheet] = useState<SheetState>(EMPTY)
  const run = useRef(0)
  const latest = useRef(sheet)
  latest.current = sheet
  const focusAfter = useRef(false)
  /** The line that replaced the button she pressed takes the focus when it comes (its script may still be on its way). */
  const afterAnswer = useCallback((line: HTMLParagraphElement | null) => {
    if (!line || !focusAfter.current) return
    focusAfter.current = false
    line.focus()
  }, [])
  /** Meanwhile "Opening…" holds it, so it is not lost with the button. */
  const holdFocus = useCallback((line: HTMLParagraphElement | null) => {
    if (line && focusAfter.current) line.focus()
  }, [])

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
          update({ guardians: { kind: 'noPosition' } })
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
        // Her contacts' code comes with her first SOS, not with the first screen; the sheet shows them as they arrive.
        void import('../trusted-contacts/index.ts')
          .then(({ trustedContactsNow }) => trustedContactsNow())
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
          if (alerting && guardians?.kind === 'noPosition') {
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
    void (async () => {
      // The hooks' copies can lag behind the database (the alert held, the pending share not yet seen): decide again
      // on what is stored now, so the alert never leaves without the link it is waiting for.
      const [sessionNow, pendingNow] = await Promise.all([currentShare(), readPending()])
      const confirmed = heldAlertDecision(held, sessionNow, pendingNow, Date.now())
      if (!confirmed.send) return
      const outcome = await releaseHeldAlert(confirmed.token)
      if (outcome) updater(current)({ guardians: outcome })
    })().catch(() => undefined)
  }, [ready, held, session, pending, recheck, updater])

  const answer = (yes: boolean) => {
    focusAfter.current = true
    if (yes) go(run.current, true, sheet.message)
    else setSheet((s) => ({ ...s, phase: 'declined' }))
  }

  const truth = shareTruth(session, pending)
  const SheetStatus = body?.SheetStatus ?? LazyStatus
  const close = () => setOpen(false)

  return (
    <Dialog open={open} title={t('title')} onClose={close} closeLast>
      <div className="sos-sheet">
        <a className="btn btn--danger sos-sheet__action sos-sheet__call" href={callLink()}>
          {t('call112')}
        </a>
        {open && phase === 'ask' ? <Confirm answer={answer} /> : null}
        {open && phase !== 'ask' ? (
          <Suspense
            fallback={
              <p className="sos-sheet__note" ref={holdFocus} tabIndex={-1}>
                {t('opening')}
              </p>
            }
          >
            {/* Loaded with the rest when the sheet opened: in place at once, where the question was. */}
            <SheetStatus sheet={sheet} truth={truth} answer={answer} afterAnswer={afterAnswer} />
          </Suspense>
        ) : null}
        <nav className="sos-sheet__more" aria-label={t('moreHelp')}>
          <Link to="/help" className="btn btn--secondary sos-sheet__action" onClick={close}>
            {t('helplines')}
          </Link>
          <Link to="/safety" className="btn btn--secondary sos-sheet__action" onClick={close}>
            {t('safetyTools')}
          </Link>
          <Link to="/fake-call" className="btn btn--secondary sos-sheet__action" onClick={close}>
            {t('fakeCall')}
          </Link>
          <Link to="/nearby" className="btn btn--secondary sos-sheet__action" onClick={close}>
            {t('nearestHelp')}
          </Link>
        </nav>

        {open ? (
          <Suspense fallback={<p className="sos-sheet__note">{t('opening')}</p>}>
            <SheetBody sheet={sheet} close={close} />
          </Suspense>
        ) : null}
      </div>
    </Dialog>
  )
}
