import type { KnowledgeEntry } from '../types.ts'
import { ACTIONS as A } from './actions.ts'

/** Being followed, on foot or by a vehicle, and stalking. */
export const FOLLOWED_ENTRIES: readonly KnowledgeEntry[] = [
  {
    id: 'followed-walking',
    intent: 'followed',
    title: 'What to do when someone follows you',
    text:
      'Trust the feeling. Do not go home, so he does not learn where you live.\n' +
      'Go towards people and light: a shop, a restaurant, a petrol pump, a hospital, a police booth. Tell the staff someone is following you and ask to wait there.\n' +
      'Call someone and talk loudly, say where you are. Press SOS to send your position to your trusted contacts.\n' +
      'If he comes close or you feel in danger, call 112 (181 is the Women Helpline). Shout, and name a person: "You in the blue shirt, help me".',
    keywords: [
      'followed',
      'following',
      'follows',
      'follow',
      'behind me',
      'tailing',
      'chasing',
      'peecha',
      'picha',
      'peecha karna',
      'pichha',
      'pichhe',
      'पीछा',
      'पीछे',
      'man behind',
    ],
    actions: [A.sos, A.call112, A.call181, A.safety],
  },
  {
    id: 'followed-vehicle',
    intent: 'followed',
    title: 'When a car or bike follows you',
    text:
      'Keep to busy, lit roads and do not stop in a lonely place. If you are walking, turn and walk the other way: a vehicle cannot follow easily.\n' +
      'If you are driving, do not drive home: drive to a police station, a petrol pump or a busy market, keep the doors locked and the windows up.\n' +
      'Note the number plate, colour and model if you can do it safely. Call 112 and say where you are going.',
    keywords: [
      'car following',
      'bike following',
      'scooter',
      'vehicle',
      'number plate',
      'gaadi',
      'bike wala',
      'driving',
      'two wheeler',
      'motorcycle',
      'गाड़ी',
    ],
    actions: [A.call112, A.sos, A.call181],
  },
  {
    id: 'stalking',
    intent: 'followed',
    title: 'Stalking: when the same person keeps following or watching you',
    text:
      'Stalking is a crime in India (Bharatiya Nyaya Sanhita section 78, which replaced IPC 354D): following a woman, contacting her again and again when she has said no, or watching her online. Up to 3 years in prison the first time.\n' +
      'Keep a record: dates, times, places, screenshots, photos of him or his vehicle if safe. Tell people you trust and vary your routes.\n' +
      'Complain to the police (call 112 or 181, or go to a police station: they must register your complaint) and report it in Wings so other women are warned.\n' +
      'Share your live location and set a check-in when you travel.',
    keywords: [
      'stalker',
      'stalking',
      'stalked',
      'same man',
      'every day',
      'keeps following',
      'waits outside',
      'watching me',
      'obsessed',
      'ex boyfriend',
      'rozana',
      'roz',
      'bns 78',
      '354d',
      'law',
      'section',
    ],
    actions: [A.call181, A.call112, A.report, A.safety],
  },
]
