/** Starting a check-in: the one-tap presets, and setCheckIn plus what only this phone keeps about it (the plan). */
import type { ArrivalPlace, CheckInPlan } from './checkInArrival.ts'
import { t } from './messages.ts'
import { currentShare, patchShare, type ShareSession, setCheckIn } from './session.ts'

/** `label` is read in her language at the moment it is shown. */
export const CHECKIN_PRESETS: ReadonlyArray<{ minutes: number; readonly label: string }> = [
  {
    minutes: 15,
    get label() {
      return t('preset15')
    },
  },
  {
    minutes: 30,
    get label() {
      return t('preset30')
    },
  },
  {
    minutes: 60,
    get label() {
      return t('preset60')
    },
  },
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
