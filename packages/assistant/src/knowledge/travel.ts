import type { KnowledgeEntry } from '../types.ts'
import { ACTIONS as A } from './actions.ts'

/** Cabs and travel, late at night too. */
export const TRAVEL_ENTRIES: readonly KnowledgeEntry[] = [
  {
    id: 'cab-safety',
    intent: 'cab',
    title: 'Cab and auto safety: before and during the ride',
    text:
      'Before you get in: check that the number plate, car and driver match the app. Share the trip from the ride app, or a live location link from Wings, with someone you trust.\n' +
      'Sit in the back seat. Check that your door opens from the inside (a child lock should not be on) and that you can lower the window.\n' +
      'Keep your phone charged and the map open to follow the route. Talk on the phone and mention that someone is tracking your ride.\n' +
      'If something is wrong, press the ride app’s safety button or SOS in Wings, or call 112.',
    keywords: [
      'cab',
      'cab safety',
      'cab tips',
      'taxi',
      'uber',
      'ola',
      'rapido',
      'alone in a cab',
      'auto',
      'auto rickshaw',
      'rickshaw',
      'ride',
      'driver',
      'booking',
      'share trip',
      'child lock',
      'back seat',
      'number plate',
      'gaadi',
      'taxi wala',
      'auto wala',
      'कैब',
      'टैक्सी',
      'ऑटो',
    ],
    actions: [A.safety, A.sos, A.call112],
  },
  {
    id: 'cab-wrong-route',
    intent: 'cab',
    title: 'When the driver changes route or behaves badly',
    text:
      'Ask firmly why he left the route and tell him to go back to the main road. Speak on the phone loudly, giving the car number and where you are.\n' +
      'Press SOS to send your live location to your trusted contacts, and use the ride app’s safety button.\n' +
      'If he does not stop, or locks the doors, or you feel in danger, call 112. At a signal or a busy place, get out if you can.\n' +
      'Afterwards, report the driver to the ride company and in Wings.',
    keywords: [
      'wrong route',
      'different route',
      'wrong way',
      'changed route',
      'driver drunk',
      'driver misbehaving',
      'driver rude',
      'not stopping',
      'isolated road',
      'galat rasta',
      'rasta badal',
      'galat raste',
      'le jaye',
      'kahin aur',
      'somewhere else',
      'driver staring',
    ],
    actions: [A.sos, A.call112, A.call181, A.report],
  },
  {
    id: 'travel-night',
    intent: 'cab',
    title: 'Getting home late at night',
    text:
      'Plan the way home before you leave: the route planner shows the safest of the routes and why.\n' +
      'Prefer a booked cab or a known auto stand to waiting alone at an empty stop. Wait where there is light and people.\n' +
      'Share your live location, or set a check-in ("I’ll be there by"), so someone knows when to expect you.\n' +
      'Keep your phone charged and your keys ready before you reach the door.',
    keywords: [
      'late night',
      'night',
      'raat',
      'after dark',
      'coming home',
      'getting home',
      'ghar jana',
      'ghar kaise jaun',
      'safely home',
      'late bus',
      'late',
      'office late',
      'night shift',
      'raat ko',
      'रात',
    ],
    actions: [A.planner, A.safety, A.sos],
  },
]
