import { Link } from '@tanstack/react-router'
import { lazy, type Ref, Suspense, useState } from 'react'
import {
  needsOtherWay,
  ShareTruthText,
  shareLink,
  type shareTruth,
  truthText,
  useShareSession,
} from '../share/index.ts'
import { WhatsAppLink } from '../sos/components.ts'
import { ageText, LocationText, smsLink, sosText, useSosT } from '../sos/index.ts'
import { guardianAlertText } from './body/guardianAlertText.ts'
import { T, t, useT } from './body/messages.ts'
import { type SheetState, SosText } from './sheetState.ts'

type Truth = ReturnType<typeof shareTruth>

// Evidence recording (docs/evidence.md) loads on her tap on Record audio, never with the sheet.
const loadEvidence = () => import('../evidence/index.ts')
const SheetRecorder = lazy(() => loadEvidence().then((m) => ({ default: m.SheetRecorder })))
/** She tapped Record audio in this page: the sheet shows the recording's state each time it opens. */
let recordAsked = false

/** Record audio: starts at once on her tap; then the recording's time and Stop, or what went wrong. */
function RecordAudio({ close }: { close: () => void }) {
  const t = useT()
  const [asked, setAsked] = useState(recordAsked)
  if (asked)
    return (
      <Suspense fallback={<p className="sos-sheet__note">{SosText.opening}</p>}>
        <SheetRecorder close={close} />
      </Suspense>
    )
  return (
    <button
      type="button"
      className="btn btn--secondary sos-sheet__action"
      onClick={() => {
        recordAsked = true
        setAsked(true)
        void loadEvidence()
          .then((m) => m.recordNow())
          .catch(() => {
            recordAsked = false
            setAsked(false)
          })
      }}
    >
      {t('recordAudio')}
    </button>
  )
}

/** Where the question was, once she answered: what her "no" means, or where she is and what her live link does. */
export function SheetStatus({
  sheet,
  truth,
  answer,
  afterAnswer,
}: {
  sheet: SheetState
  truth: Truth
  answer: (yes: boolean) => void
  afterAnswer: Ref<HTMLParagraphElement>
}) {
  const t = useT()
  return sheet.phase === 'declined' ? (
    <div className="sos-confirm">
      <p className="sos-confirm__declined" ref={afterAnswer} tabIndex={-1}>
        {SosText.declined}
      </p>
      <button type="button" className="btn btn--danger sos-sheet__action" onClick={() => answer(true)}>
        {t('sendWithLocation')}
      </button>
    </div>
  ) : (
    <Progress sheet={sheet} truthLine={linkLine(sheet, truth)} focusRef={afterAnswer} />
  )
}

/** Everything after Call 112, the question and the helplines: SMS, WhatsApp, share, her guardians, the message. */
export function SheetBody({ sheet, close }: { sheet: SheetState; close: () => void }) {
  const t = useT()
  // The message and the location lines are the sos feature's: in her language too.
  useSosT()
  const session = useShareSession()
  const agreed = sheet.phase === 'go'
  const liveLink = agreed && session ? shareLink(session) : null
  const text = sosText(agreed ? sheet.place : null, {
    ...(sheet.message ? { message: sheet.message } : {}),
    ...(liveLink ? { liveLink } : {}),
  })
  const phones = sheet.contacts.map((c) => c.phone)
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'

  return (
    <>
      <div className="sos-sheet__actions">
        <a className="btn btn--primary sos-sheet__action" href={smsLink(phones, text)}>
          {phones.length > 0 ? t('smsContacts') : t('sms')}
        </a>
        <WhatsAppLink text={text} contacts={sheet.contacts} className="btn btn--primary sos-sheet__action" />
        {canShare ? (
          <button
            type="button"
            className="btn btn--secondary sos-sheet__action"
            onClick={() => void navigator.share({ title: 'SOS', text }).catch(() => undefined)}
          >
            {t('shareOther')}
          </button>
        ) : null}
      </div>
      <RecordAudio close={close} />
      <p className="sos-sheet__note">
        {phones.length > 0 ? (
          t('smsGoesTo', { names: sheet.contacts.map((c) => c.name).join(', ') })
        ) : (
          <T k="smsNoData" components={{ 0: <Link to="/safety" onClick={close} /> }} />
        )}
      </p>
      {sheet.guardians ? (
        <p className="sos-sheet__note sos-sheet__guardians" role="status">
          {sheet.guardians.kind === 'none' && !sheet.guardians.invited ? (
            <T k="noGuardiansLink" components={{ 0: <Link to="/safety" onClick={close} /> }} />
          ) : (
            guardianAlertText(sheet.guardians)
          )}
        </p>
      ) : null}
      <details className="sos-sheet__message">
        <summary>{t('message')}</summary>
        <p>{text}</p>
      </details>
    </>
  )
}

/** Where she is, in words (coordinates in Latin digits, as in the message). */
function whereText(sheet: SheetState): string {
  if (sheet.locating) return t('finding')
  const { position, stale } = sheet.place
  if (!position) return t('notKnown')
  const accuracy = position.accuracy ? ` ${t('within', { metres: String(Math.round(position.accuracy)) })}` : ''
  const at = { lat: position.lat.toFixed(5), lon: position.lon.toFixed(5) }
  return `${stale ? t('whereLast', { ...at, age: ageText(position.at) }) : t('whereHere', at)}${accuracy}`
}

/** What this SOS's live link is, truly: from the stored share while there is one. */
function linkLine(sheet: SheetState, truth: Truth): { text: string; otherWay: boolean } {
  const { link } = sheet
  if (link.kind === 'making') return { text: SosText.making, otherWay: false }
  if (link.kind === 'noLocation') {
    return { text: sheet.place.position ? t('noLiveLast') : t('noLiveNone'), otherWay: false }
  }
  if (link.kind === 'failed') {
    return { text: t('linkFailed', { reason: link.text }), otherWay: true }
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
  focusRef: Ref<HTMLParagraphElement>
}) {
  const t = useT()
  useSosT()
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
      <p className="sos-sheet__note sos-sheet__live" role="status" aria-label={t('liveLocation')}>
        {truthLine.text}
        {truthLine.otherWay ? ` ${ShareTruthText.helpNow}` : ''}
      </p>
    </div>
  )
}
