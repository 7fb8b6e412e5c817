/**
 * The check-in timer on her phone: a warning shortly before the deadline (a notification, or a banner in the app),
 * and at the deadline, unless she has tapped "I'm safe", the SOS sheet with the message filled in. Each happens once
 * per deadline, also across reloads and tabs (claimed in the stored record). A check-in "when I arrive at ..." ends
 * by itself when she gets there first (checkInArrival.ts).
 */
import { db } from '../../db/db.ts'
import type { ArrivalPlace } from './checkInArrival.ts'
import { t } from './every-screen/messages.ts'
import { clockText } from './format.ts'
import { type CheckIn, checkInPending, markSafe, readShare, SHARE_KEY, type ShareSession } from './session.ts'

/** The warning comes this long before the deadline, or halfway there when the whole wait is shorter than twice it. */
export const WARN_BEFORE_MS = 5 * 60_000

export type CheckInState = Pick<ShareSession, 'token' | 'checkIn' | 'safeAt' | 'warnedFor' | 'sosFor'>
export type CheckInStepKind = 'warn' | 'sos'

/** When the warning is due. */
export function warningAt(checkIn: CheckIn): number {
  const deadline = Date.parse(checkIn.deadline)
  const setAt = checkIn.setAt ? Date.parse(checkIn.setAt) : Number.NEGATIVE_INFINITY
  return deadline - Math.min(WARN_BEFORE_MS, Math.max(0, (deadline - setAt) / 2))
}

/**
 * What the timer does next and when (ms), or null when nothing is left to do. Opened after the deadline, it skips
 * the warning and goes straight to the SOS.
 */
export function nextCheckInStep(state: CheckInState | null, now: number): { kind: CheckInStepKind; at: number } | null {
  if (!state?.checkIn || state.safeAt) return null
  const { checkIn } = state
  if (state.sosFor === checkIn.deadline) return null
  const deadline = Date.parse(checkIn.deadline)
  if (now < deadline && state.warnedFor !== checkIn.deadline) return { kind: 'warn', at: warningAt(checkIn) }
  return { kind: 'sos', at: deadline }
}

/** The SOS message of a missed check-in (the sheet adds her position after it). */
export function missedCheckInMessage(checkIn: Pick<CheckIn, 'deadline' | 'destination'>): string {
  const time = clockText(checkIn.deadline)
  return checkIn.destination ? t('missedSosAt', { time, destination: checkIn.destination }) : t('missedSos', { time })
}

/** The warning's words. */
export function checkInWarning(checkIn: Pick<CheckIn, 'deadline'>): { title: string; body: string } {
  const due = clockText(checkIn.deadline)
  return {
    title: t('warnTitle', { time: due }),
    body: t('warnBody', { time: due }),
  }
}

/** Marks `kind` as done for this deadline; answers false when it was done already (or no longer applies). */
export async function claimStep(token: string, deadline: string, kind: CheckInStepKind): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    const session = await readShare()
    if (session?.token !== token || !checkInPending(session) || session.checkIn.deadline !== deadline) return false
    const field = kind === 'warn' ? 'warnedFor' : 'sosFor'
    if (session[field] === deadline) return false
    await db.meta.put({ key: SHARE_KEY, value: { ...session, [field]: deadline } })
    return true
  })
}

/** What she is told when her check-in ended by itself on her arrival. */
export function arrivedNotice(place: Pick<ArrivalPlace, 'name'>): { title: string; body: string } {
  return {
    title: t('arrivedTitle', { place: place.name }),
    body: t('arrivedBody'),
  }
}

/** She got there before the deadline: "I'm safe" for her from `arrivedAt`, and a word to say so. */
export function endOnArrival(place: ArrivalPlace, arrivedAt: string): void {
  void markSafe(arrivedAt).then(() => showNotice(arrivedNotice(place)))
}

/**
 * Runs the next step at its time (claimed first, so it happens once), and until the deadline watches for her arrival
 * when the check-in has a place. Answers the function that cancels both.
 */
export function scheduleCheckIn(
  state: CheckInState,
  actions: {
    warn: (checkIn: CheckIn) => void
    sos: (checkIn: CheckIn) => void
    arrived?: (place: ArrivalPlace, arrivedAt: string) => void
  },
): () => void {
  const step = nextCheckInStep(state, Date.now())
  const { checkIn } = state
  if (!step || !checkIn) return () => undefined
  const timer = setTimeout(
    async () => {
      if (!(await claimStep(state.token, checkIn.deadline, step.kind))) return
      actions[step.kind](checkIn)
    },
    Math.max(0, step.at - Date.now()),
  )
  // Loaded only while a check-in runs: the home page's first script stays small.
  let stopWatching: (() => void) | undefined
  let cancelled = false
  void import('./checkInArrival.ts').then(({ watchArrival }) => {
    if (!cancelled) stopWatching = watchArrival(state.token, checkIn.deadline, actions.arrived ?? endOnArrival)
  })
  return () => {
    cancelled = true
    clearTimeout(timer)
    stopWatching?.()
  }
}

const hasNotifications = () => typeof Notification !== 'undefined'

/** Asks for permission to notify (call it from her tap on 'Start check-in': browsers only ask then). */
export function askNotificationPermission(): void {
  if (!hasNotifications() || Notification.permission !== 'default') return
  try {
    // Older Safari answers undefined and takes a callback instead.
    void Promise.resolve(Notification.requestPermission()).catch(() => undefined)
  } catch {
    // No permission: the warning shows in the app.
  }
}

/** Shows a system notification when she allowed them; answers whether it was shown. */
export async function showNotice(text: { title: string; body: string }): Promise<boolean> {
  if (!hasNotifications() || Notification.permission !== 'granted') return false
  const options: NotificationOptions = { body: text.body, tag: 'wings-check-in', icon: '/icons/icon-192.png' }
  try {
    // Phones only show notifications through the service worker (the constructor throws there).
    const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined
    if (registration) await registration.showNotification(text.title, options)
    else new Notification(text.title, options)
    return true
  } catch {
    return false
  }
}
