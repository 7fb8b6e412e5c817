import type { KnowledgeEntry } from '../types.ts'
import { ACTIONS as A } from './actions.ts'

/** Safety at home: domestic violence, a safety plan, strangers at the door, dowry. */
export const HOME_ENTRIES: readonly KnowledgeEntry[] = [
  {
    id: 'domestic-violence',
    intent: 'home',
    title: 'Violence at home (domestic abuse)',
    text:
      'What is happening is not your fault. Domestic violence is not only hitting: threats, insults, control of money, forced sex and stopping you from meeting people are abuse too.\n' +
      'The Protection of Women from Domestic Violence Act (2005) lets you ask a court for protection, the right to stay in the shared home, and money for expenses, through a Protection Officer or a lawyer.\n' +
      'Call 181 to talk to someone and reach a One Stop Centre. If you are in danger now, call 112.\n' +
      'Make a safety plan, and use Quick exit if someone may see your screen.',
    keywords: [
      'domestic violence',
      'domestic abuse',
      'husband',
      'father',
      'locked me in',
      'insults',
      'taunts',
      'salary',
      'controls money',
      'in laws',
      'sasural',
      'family',
      'beats',
      'hits',
      'marital',
      'abusive',
      'partner',
      'boyfriend',
      'pati',
      'ghar',
      'gharelu hinsa',
      'maarta',
      'pitai',
      'पति',
      'घरेलू हिंसा',
      'ससुराल',
    ],
    actions: [A.call181, A.call112, A.sos],
  },
  {
    id: 'safety-plan',
    intent: 'home',
    title: 'Making a safety plan',
    text:
      'Decide where you would go (a friend, family, a One Stop Centre through 181) and how you would get there.\n' +
      'Keep a bag ready or with someone you trust: ID, Aadhaar, bank papers, some money, medicines, a charger, spare keys.\n' +
      'Agree a code word with a trusted person that means "call the police". Learn 112 and 181 by heart.\n' +
      'Add trusted contacts in Wings so SOS reaches them by SMS. Clear your history, and remember that Quick exit or the Escape key leaves the app at once.',
    keywords: [
      'safety plan',
      'plan to leave',
      'leave home',
      'escape',
      'run away',
      'leave him',
      'documents',
      'bag',
      'code word',
      'shelter',
      'where to go',
      'ghar chhodna',
    ],
    actions: [A.call181, A.safety, A.call112],
  },
  {
    id: 'home-alone',
    intent: 'home',
    title: 'Safety at home: the door, strangers and intruders',
    text:
      'Do not open the door to someone you do not expect: talk through the door or a peephole. Delivery can be left outside; check repair people with their company.\n' +
      'Do not tell strangers you live alone. Keep doors locked and your phone charged near you at night.\n' +
      'If someone tries to get in, call 112 at once and make noise; call a neighbour.\n' +
      'Set up trusted contacts in Wings so one press of SOS reaches them.',
    keywords: [
      'home alone',
      'alone at home',
      'live alone',
      'door',
      'stranger at door',
      'knocking',
      'intruder',
      'break in',
      'delivery',
      'landlord',
      'neighbour',
      'akeli',
      'ghar par akeli',
      'अकेली',
    ],
    actions: [A.call112, A.safety, A.sos],
  },
  {
    id: 'dowry',
    intent: 'home',
    title: 'Dowry demands and harassment',
    text:
      'Giving, taking or demanding dowry is a crime in India (Dowry Prohibition Act, 1961), and cruelty by a husband or his relatives, for dowry or otherwise, is a crime too (BNS section 85, which replaced IPC 498A).\n' +
      'Keep proof: messages, lists of demands, names of witnesses. Call 181 for advice and support.\n' +
      'You can complain to the police or to the Dowry Prohibition Officer. If you are in danger, call 112.',
    keywords: [
      'dowry',
      'dahej',
      'dehej',
      'दहेज',
      'in laws demand',
      'money demand',
      'marriage',
      'shaadi',
      'शादी',
      '498a',
      'cruelty',
    ],
    actions: [A.call181, A.call112],
  },
]
