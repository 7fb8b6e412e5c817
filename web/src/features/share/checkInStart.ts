/** Starting a check-in: the one-tap presets, and setCheckIn plus what only this phone keeps about it (the plan). */
import type { ArrivalPlace, CheckInPlan } from './checkInArrival.ts'
import { currentShare, patchShare, type ShareSession, setCheckIn } from './session.ts'

export const CHECKIN_PRESETS: ReadonlyArray<{ minutes: number; label: string }> = [
  { minutes: 15, label: '15 min' },
  { minutes: 30, label: '30 min' },
  { minutes: 60, label: '1 h' },
]

export const presetDeadline = (minutes: number, now: number) => new Date(now + minutes * 60_000)

/**
 * Sets the check-in (on the running share, or a new one) and keeps its plan in the share's record: the place that
 * ends it on arrival, and the account the share belongs to when this phone knows it (a share it starts now belongs
 * to `accountId`, the one signed in; a share already running keeps what was known of it). Throws as setCheckIn does.
 */
export async function startCheckIn(options: {
  deadline: Date
  destination?: string
  arrival?: ArrivalPlace
  accountId: string | null
}): Promise<{ session: ShareSession; started: boolean }> {
  const before = await currentShare()
  const { session, started } = await setCheckIn({
    deadline: options.deadline.toISOString(),
    ...(options.destination ? { destination: options.destination } : {}),
  })
  const accountId = started
    ? options.accountId
    : before?.token === session.token
      ? before.checkInPlan?.accountId
      : undefined
  const plan: CheckInPlan = {
    deadline: session.checkIn?.deadline ?? options.deadline.toISOString(),
    setAt: Date.now(),
    ...(accountId !== undefined ? { accountId } : {}),
    ...(options.arrival ? { arrival: options.arrival } : {}),
  }
  await patchShare(session.token, { checkInPlan: plan })
  return { session: { ...session, checkInPlan: plan }, started }
}
