import './evidence.css'
import { clockText } from './clock.ts'
import { useElapsed, useRecorderState } from './hooks.ts'
import { useT } from './messages.ts'
import { stopRecording } from './recorder.ts'

/** On every screen while a recording runs: it is recording, for how long, and Stop. */
export function RecordingBar() {
  const t = useT()
  const state = useRecorderState()
  const elapsed = useElapsed(state.status === 'recording' ? state.startedAt : null)
  if (state.status !== 'recording') return null
  return (
    <section className="evidence-bar" aria-label={t('barLabel')}>
      <p className="evidence-live" role="status">
        <span className="evidence-live__dot" aria-hidden="true" />
        {t('recording', { time: clockText(elapsed) })}
      </p>
      <button
        type="button"
        className="btn btn--secondary btn--sm evidence-bar__stop"
        onClick={() => void stopRecording()}
      >
        {t('stop')}
      </button>
    </section>
  )
}
