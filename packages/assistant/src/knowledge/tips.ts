import type { KnowledgeEntry } from '../types.ts'
import { ACTIONS as A } from './actions.ts'

/** Everyday safety tips: the spec's four, and more. */
export const TIP_ENTRIES: readonly KnowledgeEntry[] = [
  {
    id: 'tips-four',
    intent: 'tips',
    title: 'Safety tips',
    text:
      'Stick to well-lit, busy streets and avoid isolated shortcuts.\n' +
      'Share your route with a friend or family member.\n' +
      'Keep your phone accessible and fully charged.\n' +
      'Trust your instincts and seek help if you feel unsafe.\n' +
      'Wings helps with each: the route planner, live location and check-in, SOS and the helplines.',
    keywords: [
      'tips',
      'safety tips',
      'advice',
      'stay safe',
      'be safe',
      'precautions',
      'suggestions',
      'guidelines',
      'suraksha',
      'safe rehna',
      'सुरक्षा',
      'सुरक्षित',
      'tips for women',
      'instincts',
    ],
    actions: [A.planner, A.safety, A.sos],
  },
  {
    id: 'tips-walking',
    intent: 'tips',
    title: 'Walking alone',
    text:
      'Walk on lit, busy streets, facing the traffic, away from the kerb. Avoid isolated shortcuts, parks and underpasses at night.\n' +
      'Keep one ear free: no loud music. Look confident and know your way: plan it before you go.\n' +
      'Share your live location or set a check-in. If someone bothers you, go into a shop or towards people.',
    keywords: [
      'walking alone',
      'walk alone',
      'alone',
      'lonely road',
      'akele',
      'akeli',
      'pedestrian',
      'jogging',
      'running',
      'evening walk',
      'अकेले',
    ],
    actions: [A.planner, A.safety],
  },
  {
    id: 'tips-phone',
    intent: 'tips',
    title: 'Your phone as a safety tool',
    text:
      'Keep it charged (carry a power bank) and within reach, not at the bottom of a bag.\n' +
      'Add trusted contacts in Wings, and learn 112 by heart. Many phones also have their own emergency SOS; check your phone’s settings.\n' +
      'Save your area’s map for offline use and install Wings on your home screen.',
    keywords: [
      'phone',
      'mobile',
      'battery',
      'charged',
      'power bank',
      'charging',
      'low battery',
      'phone dead',
      'mobile tips',
    ],
    actions: [A.safety],
  },
  {
    id: 'tips-travel',
    intent: 'tips',
    title: 'Travelling to a new city or staying in a hotel',
    text:
      'Share your plans and hotel with someone, and arrive in daylight if you can. Use prepaid taxi counters or booked cabs at stations and airports.\n' +
      'At the hotel, keep your room number private, use the door chain, and do not open to unexpected visitors: call the reception.\n' +
      'Save the city’s map offline and keep 112 handy.',
    keywords: [
      'travel',
      'travelling',
      'trip',
      'new city',
      'hotel',
      'tourist',
      'solo travel',
      'airport',
      'station',
      'pg',
      'hostel',
      'safar',
      'सफर',
      'yatra',
    ],
    actions: [A.planner, A.safety],
  },
  {
    id: 'tips-social',
    intent: 'tips',
    title: 'Parties, drinks and dates',
    text:
      'Watch your drink being made and keep it with you; if you leave it, get a new one. If you feel suddenly very drunk or dizzy, tell a friend and get help.\n' +
      'Meeting someone from an app: meet in a public place, get there on your own, tell a friend where and with whom, and share your live location.\n' +
      'Agree with friends that nobody leaves alone.',
    keywords: [
      'party',
      'drink',
      'drinks',
      'spiked',
      'date',
      'dating',
      'dating app',
      'tinder',
      'bumble',
      'meeting stranger',
      'first date',
      'club',
      'pub',
      'bar',
      'alcohol',
    ],
    actions: [A.safety],
  },
  {
    id: 'tips-self-defence',
    intent: 'tips',
    title: 'Self-defence',
    text:
      'The aim of self-defence is to get away, not to win a fight. Use your voice: shout "Stop!", "Fire!", or a person’s name, loudly.\n' +
      'If grabbed, strike soft places (eyes, nose, throat, groin, knee), then run towards people and call 112.\n' +
      'A self-defence class helps you practise; many cities’ police run free ones for women.',
    keywords: [
      'self defence',
      'self defense',
      'fight back',
      'karate',
      'pepper spray',
      'protect myself',
      'defend',
      'martial arts',
      'apni raksha',
      'आत्मरक्षा',
      'raksha',
    ],
    actions: [A.call112, A.sos],
  },
]
