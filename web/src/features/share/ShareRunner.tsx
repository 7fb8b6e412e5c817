/**
 * Keeps a live share and its check-in running on every screen: sends her position, warns before the check-in
 * deadline and opens the SOS at it. Mount it once in the app frame. Renders nothing but the in-app warning (shown
 * when a system notification could not be).
 */
import './share.css'
import { useEffect, useState } from 'react'
import { requestSos } from '../sos/index.ts'
import { checkInWarning, missedCheckInMessage, scheduleCheckIn, showNotice } from './checkInTimer.ts'
import { useT } from './every-screen/messages.ts'
import { PENDING_RETRY_MS, retryPendingShare, usePendingShare } from './pendingShare.ts'
import { startSender } from './sender.ts'
import {
  type CheckIn,
  checkInPending,
  forgetEndedShare,
  isLive,
  markSafe,
  tellSafe,
  useStoredShare,
} from './session.ts'

/** How often a pending "I'm safe" is sent again while the connection is down (also at once when it comes back). */
export const SAFE_RETRY_MS = 30_000

export function ShareRunner() {
  const stored = useStoredShare()
  const [warning, setWarning] = useState<CheckIn | null>(null)

  const live = stored && isLive(stored) ? stored : null
  const token = live?.token
  const writeKey = live?.writeKey
  const expiresAt = live?.expiresAt
  useEffect(() => {
    if (!token || !writeKey || !expiresAt) return
    const stop = startSender({ token, writeKey, expiresAt })
    // When it runs out, forget it (unless its check-in still has to open the SOS).
    const end = setTimeout(() => void forgetEndedShare(), Math.max(0, Date.parse(expiresAt) - Date.now()) + 100)
    return () => {
      stop()
      clearTimeout(end)
    }
  }, [token, writeKey, expiresAt])

  // A share she asked for with no connection (or, for an SOS, while the server was busy) starts by itself once a
  // request gets through: tried every PENDING_RETRY_MS (longer while the server is busy), and at once when the
  // browser says the network is back. Only a request that succeeds counts, never navigator.onLine.
  const pending = usePendingShare()
  const pendingSince = pending && !pending.failed ? pending.since : undefined
  useEffect(() => {
    if (!pendingSince) return
    let stopped = false
    let busy = false
    /** The network came back during an attempt (which was likely sent without it): one more at once after it. */
    let again = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const attempt = async () => {
      clearTimeout(timer)
      if (stopped) return
      if (busy) {
        again = true
        return
      }
      busy = true
      again = false
      const outcome = await retryPendingShare().catch(() => ({ kind: 'waiting' as const, inMs: PENDING_RETRY_MS }))
      busy = false
      if (stopped || outcome.kind !== 'waiting') return
      timer = setTimeout(() => void attempt(), again ? 0 : outcome.inMs)
    }
    const now = () => void attempt()
    timer = setTimeout(now, PENDING_RETRY_MS)
    window.addEventListener('online', now)
    return () => {
      stopped = true
      clearTimeout(timer)
      window.removeEventListener('online', now)
    }
  }, [pendingSince])

  // A share that ended while the app was closed.
  useEffect(() => {
    if (stored && !isLive(stored)) void forgetEndedShare()
  }, [stored])

  const checkInToken = stored?.token
  const deadline = stored?.checkIn?.deadline
  const destination = stored?.checkIn?.destination
  const setAt = stored?.checkIn?.setAt
  const safeAt = stored?.safeAt
  const warnedFor = stored?.warnedFor
  const sosFor = stored?.sosFor
  useEffect(() => {
    if (!checkInToken || !deadline) return
    const checkIn: CheckIn = { deadline, ...(destination ? { destination } : {}), ...(setAt ? { setAt } : {}) }
    return scheduleCheckIn(
      { token: checkInToken, checkIn, safeAt, warnedFor, sosFor },
      {
        warn: (due) => {
          void showNotice(checkInWarning(due)).then((shown) => {
            if (!shown) setWarning(due)
          })
        },
        sos: (due) => {
          setWarning(null)
          requestSos({ message: missedCheckInMessage(due), skipConfirm: true })
        },
      },
    )
  }, [checkInToken, deadline, destination, setAt, safeAt, warnedFor, sosFor])

  // "I'm safe" tapped with no connection: tell the server when it can be reached.
  const safePending = stored?.safePending
  useEffect(() => {
    if (!checkInToken || !safePending) return
    const retry = () => void tellSafe(checkInToken)
    const timer = setInterval(retry, SAFE_RETRY_MS)
    window.addEventListener('online', retry)
    return () => {
      clearInterval(timer)
      window.removeEventListener('online', retry)
    }
  }, [checkInToken, safePending])

  const current = stored ?? null
  const showWarning =
    warning !== null &&
    checkInPending(current) &&
    current.checkIn.deadline === warning.deadline &&
    current.sosFor !== warning.deadline
  if (!showWarning) return null
  return <CheckInWarning due={warning} />
}

/** The in-app warning before the check-in deadline (its own component: only it waits for her language's words). */
function CheckInWarning({ due }: { due: CheckIn }) {
  const t = useT()
  const text = checkInWarning(due)
  return (
    <div className="share-warning" role="alert">
      <p className="share-warning__title">{text.title}</p>
      <p>{text.body}</p>
      <button type="button" className="btn btn--primary btn--sm" onClick={() => void markSafe()}>
        {t('safeNow')}
      </button>
    </div>
  )
}
