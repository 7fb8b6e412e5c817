/**
 * Live location sharing without schemas: durations, limits and the missed-check-in rule. The app's share runner is
 * on every page, so these cost no TypeBox; the schemas built from them are in share.ts.
 */

/** How long a share may run, in minutes: 15 min, 1 h, 4 h. */
export const SHARE_DURATIONS = [15, 60, 240] as const
export type ShareDuration = (typeof SHARE_DURATIONS)[number]
/** The sharing page sends her position at least this often (seconds)... */
export const SHARE_POSITION_INTERVAL_SECONDS = 15
/** ...and whenever she has moved farther than this (metres) since the last position sent. */
export const SHARE_MOVE_METERS = 25
/** A check-in deadline may lie this far in the past (clock skew between her phone and the server). */
export const SHARE_CHECKIN_SKEW_MINUTES = 1
/**
 * A check-in deadline must be at least this long before the share ends (minutes), so the viewer sees a missed
 * check-in for that long before the link answers 410.
 */
export const SHARE_CHECKIN_MARGIN_MINUTES = 5
/**
 * An arrival her phone noticed (the check-in ended by itself) carries when she arrived, so an arrival that waited
 * offline still counts from that moment. The server takes that time only when it reaches it within this many minutes;
 * an older one counts from when it arrived, so a phone cannot rewrite a missed check-in long after it.
 */
export const SHARE_ARRIVAL_DELAY_MAX_MINUTES = 30
/** An ended share's link answers 410 for this many days, then 404 (the row is deleted). */
export const SHARE_GONE_DAYS = 7
export const SHARE_DESTINATION_MAX = 200
export const SHARE_ACCURACY_MAX = 100_000
/** Tokens and write keys: 32 random bytes in base64url (256 bits, 43 characters). */
export const SHARE_SECRET_PATTERN = '^[A-Za-z0-9_-]{43}$'
/**
 * The id a phone keeps and sends when it starts a share: 16 random bytes in base64url (22 characters). The share limit
 * counts per device (or per account), not per IP, which many phones behind one carrier NAT share.
 */
export const SHARE_DEVICE_ID_PATTERN = '^[A-Za-z0-9_-]{22}$'
/** The viewer page of a share: `${SHARE_PAGE_PATH}${token}`. */
export const SHARE_PAGE_PATH = '/s/'

/** The missed-check-in rule, shared by the server and the viewer page (which may re-check it between polls). */
export function isCheckInMissed(deadline: string, safeAt: string | undefined | null, now: Date): boolean {
  return !safeAt && now.getTime() >= Date.parse(deadline)
}
