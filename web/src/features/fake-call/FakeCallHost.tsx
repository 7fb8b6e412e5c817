import './fakeCall.css'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { CallScreen } from './CallScreen.tsx'
import { countdown, useNow } from './clock.ts'
import { useT } from './messages.ts'
import { notifyCall } from './notify.ts'
import { cancelCall, type FakeCall, onScheduleChange, scheduledCall } from './schedule.ts'

const current = () => scheduledCall()

/** While a call waits: who calls and in how long, and Cancel; out of the way above the page's end. */
function Waiting({ call }: { call: FakeCall }) {
  const t = useT()
  const now = useNow()
  return (
    <section className="fake-call-waiting" aria-label={t('pageTitle')}>
      <p className="fake-call-waiting__text">{t('waiting', { caller: call.caller, time: countdown(call.at - now) })}</p>
      <button type="button" className="btn btn--secondary fake-call-waiting__cancel" onClick={cancelCall}>
        {t('cancel')}
      </button>
    </section>
  )
}

/**
 * The scheduled fake call on every screen: waits (a timer, and a check when the page is shown again, as timers of a
 * hidden page may run late), then rings. Ringing forgets the schedule, so a reload does not ring again.
 */
export function FakeCallHost() {
  const t = useT()
  const call = useSyncExternalStore(onScheduleChange, current, () => null)
  const [ringing, setRinging] = useState<string | null>(null)

  useEffect(() => {
    if (!call) return
    const ring = () => {
      cancelCall()
      setRinging(call.caller)
      if (document.hidden) void notifyCall(call.caller, t('incoming'))
    }
    const due = () => {
      if (Date.now() < call.at) return false
      ring()
      return true
    }
    if (due()) return
    const timer = setTimeout(ring, call.at - Date.now())
    const onShown = () => {
      if (!document.hidden) due()
    }
    document.addEventListener('visibilitychange', onShown)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onShown)
    }
  }, [call, t])

  return (
    <>
      {call && !ringing ? <Waiting call={call} /> : null}
      {ringing ? <CallScreen caller={ringing} onClose={() => setRinging(null)} /> : null}
    </>
  )
}
