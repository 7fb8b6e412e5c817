/**
 * "When I arrive at ...": the check-in ends by itself when her position comes within ARRIVAL_RADIUS_M of the place
 * she chose, before the deadline. The plan rides in the share's record, so it goes when the share goes; the positions
 * are the ones the share's sender keeps as the last known (sos/lastPosition.ts): no second GPS watch. Loaded with the
 * app frame (ShareRunner): keep it small.
 */
import { liveQuery } from 'dexie'
import { db } from '../../db/db.ts'
import { type KnownPosition, lastKnownPosition } from '../sos/index.ts'
import { metersBetween } from './format.ts'
import { readShare, SHARE_KEY, type ShareSession } from './session.ts'

export const ARRIVAL_RADIUS_M = 100
/**
 * A fix vaguer than the radius cannot tell arriving from passing a street away (GPS jitters by tens of metres in a
 * city): it does not count as arriving.
 */
export const ARRIVAL_ACCURACY_MAX_M = ARRIVAL_RADIUS_M

export interface ArrivalPlace {
  /** As she reads it ('Crawford Market'). */
  name: string
  lat: number
  lon: number
}

/** What the check-in panel adds to the share's record. */
export interface CheckInPlan {
  /** The check-in it belongs to (a newer check-in on the same share makes it stale). */
  deadline: string
  /** The account signed in when this share was started (null: signed out); absent when this phone does not know. */
  accountId?: string | null
  arrival?: ArrivalPlace
  /** When she set the check-in (ms): a position from before does not count as arriving. */
  setAt?: number
  /** When the check-in ended by itself on her arrival (ISO): the time of the fix that was there. */
  arrivedAt?: string
  /** She turned "end it by itself when I arrive" off for this check-in: only her tap ends it. */
  arrivalOff?: boolean
}

declare module './session.ts' {
  interface ShareSession {
    checkInPlan?: CheckInPlan
  }
}

/** The plan of the share's current check-in, or null (none, or it belongs to an earlier check-in). */
export function currentPlan(session: ShareSession | null | undefined): CheckInPlan | null {
  const plan = session?.checkInPlan
  return plan && session?.checkIn && plan.deadline === session.checkIn.deadline ? plan : null
}

export function isAt(place: Pick<ArrivalPlace, 'lat' | 'lon'>, fix: KnownPosition): boolean {
  return fix.accuracy <= ARRIVAL_ACCURACY_MAX_M && metersBetween(place, fix) <= ARRIVAL_RADIUS_M
}

/** The place she has just reached, when this fix ends the check-in of share `token` due at `deadline`; else null. */
export function arrivalOf(
  session: ShareSession | null,
  fix: KnownPosition | null,
  token: string,
  deadline: string,
  now: number,
): ArrivalPlace | null {
  const plan = currentPlan(session)
  if (!session || !fix || !plan?.arrival || plan.arrivalOff) return null
  if (session.token !== token || plan.deadline !== deadline) return null
  if (session.safeAt || plan.arrivedAt || now >= Date.parse(deadline)) return null
  if (plan.setAt !== undefined && fix.at < plan.setAt) return null
  return isAt(plan.arrival, fix) ? plan.arrival : null
}

/**
 * Marks the arrival in the record once; answers its time (the fix's, never later than now), or null when it was
 * marked already (or no longer applies).
 */
async function claimArrival(token: string, deadline: string, fix: KnownPosition): Promise<string | null> {
  return db.transaction('rw', db.meta, async () => {
    const session = await readShare()
    const plan = currentPlan(session)
    const now = Date.now()
    if (!session || !plan || !arrivalOf(session, fix, token, deadline, now)) return null
    const arrivedAt = new Date(Math.min(fix.at, now)).toISOString()
    const arrived: ShareSession = { ...session, checkInPlan: { ...plan, arrivedAt } }
    await db.meta.put({ key: SHARE_KEY, value: arrived })
    return arrivedAt
  })
}

/** Turns "end it by itself when I arrive" on or off for the share's current check-in. */
export async function setArrivalOn(token: string, on: boolean): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const session = await readShare()
    const plan = currentPlan(session)
    if (!session || !plan || session.token !== token) return
    const { arrivalOff: _, ...rest } = plan
    await db.meta.put({ key: SHARE_KEY, value: { ...session, checkInPlan: on ? rest : { ...rest, arrivalOff: true } } })
  })
}

/**
 * Calls `onArrived` once when a position within ARRIVAL_RADIUS_M of the chosen place comes in before the deadline.
 * Answers the function that stops watching.
 */
export function watchArrival(
  token: string,
  deadline: string,
  onArrived: (place: ArrivalPlace, arrivedAt: string) => void,
): () => void {
  const subscription = liveQuery(async () => ({
    session: await readShare(),
    fix: await lastKnownPosition(),
  })).subscribe({
    next: ({ session, fix }) => {
      const place = arrivalOf(session, fix, token, deadline, Date.now())
      if (!place || !fix) return
      void claimArrival(token, deadline, fix).then((arrivedAt) => {
        if (arrivedAt) onArrived(place, arrivedAt)
      })
    },
    error: () => undefined,
  })
  return () => subscription.unsubscribe()
}
