/**
 * The reasons a route's score comes with are English sentences made by @wings/safety (reasons.ts) and the server
 * (routes/service.ts). Each known sentence is read back into a message of this folder, so she reads them in her
 * language; a sentence not known here (a newer server) is shown as it came.
 */
import { t } from './messages.ts'

type Key = Parameters<typeof t>[0]

/** '420 m' or '1.2 km' (the package's formatDistance) in her language. */
function distanceText(text: string): string | null {
  const match = /^(\d+(?:\.\d+)?) (m|km)$/.exec(text)
  if (!match) return null
  return t(match[2] === 'km' ? 'distanceKm' : 'distanceM', { n: match[1] })
}

const FIXED: Record<string, Key> = {
  'Street lighting is not mapped for most of the route': 'reasonLightingUnmapped',
  'Mostly lit streets': 'reasonMostlyLit',
  'Busy streets with shops and stops': 'reasonBusyShops',
  'Busy streets': 'reasonBusy',
  '24-hour places open along the way': 'reason24h',
  'Police or medical help nearby': 'reasonHelp',
  'Rated safe by other users': 'reasonRatedSafe',
  'Rated unsafe by other users': 'reasonRatedUnsafe',
  'No incidents reported nearby': 'reasonNoIncidents',
  'Nothing notable mapped along the way': 'reasonNothingNotable',
}

const COUNTED: Array<[RegExp, Key]> = [
  [/^(\d+) reported incidents? nearby$/, 'reasonIncidents'],
  [/^(\d+) reports? here (?:was|were) at night$/, 'reasonNightReports'],
]

const DISTANCE: Array<[string, Key]> = [
  [' without street lights', 'reasonUnlit'],
  [' of empty streets at this hour', 'reasonEmptyNight'],
  [' of quiet, empty streets', 'reasonQuiet'],
  [' along fast, heavy traffic', 'reasonFast'],
  [' without a footpath', 'reasonNoFootpath'],
]

/** The message for one of the model's reasons, or null when the sentence is not one it is known to make. */
export function knownReason(reason: string): string | null {
  const fixed = FIXED[reason]
  if (fixed) return t(fixed)
  for (const [pattern, key] of COUNTED) {
    const match = pattern.exec(reason)
    if (match) return t(key, { n: Number(match[1]) })
  }
  for (const [tail, key] of DISTANCE) {
    if (!reason.endsWith(tail)) continue
    const distance = distanceText(reason.slice(0, -tail.length))
    if (distance) return t(key, { distance })
  }
  const closed =
    /^(\d+) (?:shop or café on this route is|shops and cafés on this route are) closed by (\d\d:\d\d)$/.exec(reason)
  if (closed) return t('reasonClosed', { n: Number(closed[1]), hour: closed[2] })
  const stops = /^Stops on this route are not served after (\d\d:\d\d)$/.exec(reason)
  if (stops) return t('reasonStops', { hour: stops[1] })
  return null
}

/** One reason as she reads it: in her language when known, else as the server said it. */
export const reasonText = (reason: string): string => knownReason(reason) ?? reason

const LABELS = { Fastest: 'labelFastest', Safest: 'labelSafest', Balanced: 'labelBalanced' } as const satisfies Record<
  string,
  Key
>

/** A route's label (Fastest, Safest, Balanced) in her language. */
export const labelText = (label: keyof typeof LABELS): string => t(LABELS[label])
