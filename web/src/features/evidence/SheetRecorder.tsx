import './evidence.css'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from '../../db/db.ts'
import { clockText } from './clock.ts'
import { useElapsed, useRecorderState } from './hooks.ts'
import { useT } from './messages.ts'
import { type RecorderState, resetRecorder, stopRecording } from './recorder.ts'
import { recordNow } from './recordNow.ts'

/**
 * In the SOS sheet, once she tapped "Record audio" (which started it): the time and Stop, or what went wrong with the
 * microphone and what to do. Nothing here touches the rest of the sheet: Call 112 and Send stay as they are.
 */
export function SheetRecorder({ close }: { close: () => void }) {
  const t = useT()
  const state = useRecorderState()
  return (
    <section className="evidence-sheet" aria-label={t('barLabel')}>
      <Status state={state} close={close} />
    </section>
  )
}

/** A new recording, at once, after one that ended or failed. */
function RecordAgain({ label }: { label: string }) {
  return (
    <button
      type="button"
      className="btn btn--secondary sos-sheet__action"
      onClick={() => {
        resetRecorder()
        void recordNow()
      }}
    >
      {label}
    </button>
  )
}

function Status({ state, close }: { state: RecorderState; close: () => void }) {
  const t = useT()
  const signedIn = useLiveQuery(async () => Boolean(await db.user.get('me')), [], true)
  const elapsed = useElapsed(state.status === 'recording' ? state.startedAt : null)
  switch (state.status) {
    case 'idle':
    case 'starting':
      return (
        <p className="evidence-sheet__line" role="status">
          {t('starting')}
        </p>
      )
    case 'recording':
      return (
        <div className="evidence-sheet__row">
          <p className="evidence-sheet__line evidence-live" role="status">
            <span className="evidence-live__dot" aria-hidden="true" />
            {t('recording', { time: clockText(elapsed) })}
          </p>
          <button type="button" className="btn btn--secondary sos-sheet__action" onClick={() => void stopRecording()}>
            {t('stop')}
          </button>
        </div>
      )
    case 'stopped':
      return (
        <>
          <p className="evidence-sheet__line" role="status">
            {signedIn ? t('saved') : t('savedSignedOut')}
          </p>
          <div className="evidence-sheet__row">
            <RecordAgain label={t('recordAgain')} />
            <Link to="/recordings" className="btn btn--ghost sos-sheet__action" onClick={close}>
              {t('myRecordings')}
            </Link>
          </div>
        </>
      )
    case 'error':
      return (
        <>
          <p className="evidence-sheet__problem" role="alert">
            {t(state.problem)}
          </p>
          <RecordAgain label={t('tryAgain')} />
        </>
      )
  }
}
