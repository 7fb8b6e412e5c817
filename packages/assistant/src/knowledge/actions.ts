import { EMERGENCY_NUMBER } from '@wings/contract'
import type { AssistantAction } from '../types.ts'

/** India's single emergency number, used by SOS. */
export const EMERGENCY = EMERGENCY_NUMBER

const call = (number: string): AssistantAction => ({ type: 'call', label: `Call ${number}`, number })

/** The buttons answers carry (the app renders them); every number is one of @wings/contract's HELPLINES. */
export const ACTIONS = {
  sos: { type: 'sos', label: 'Send SOS' },
  call112: call('112'),
  call1091: call('1091'),
  call181: call('181'),
  call100: call('100'),
  call102: call('102'),
  call108: call('108'),
  call104: call('104'),
  call1098: call('1098'),
  call14567: call('14567'),
  call101: call('101'),
  call139: call('139'),
  call1930: call('1930'),
  call14416: call('14416'),
  callNcw: call('7827170170'),
  call15100: call('15100'),
  call103: call('103'),
  call1090: call('1090'),
  call1033: call('1033'),
  planner: { type: 'open', label: 'Open route planner', to: '/routeplanner' },
  savedRoutes: { type: 'open', label: 'Saved routes', to: '/routes' },
  scorer: { type: 'open', label: 'Route safety estimator', to: '/routescorer' },
  scores: { type: 'open', label: 'How scores work', to: '/routecalculation' },
  report: { type: 'open', label: 'Report an incident', to: '/report' },
  helplines: { type: 'open', label: 'Helplines', to: '/help' },
  safety: { type: 'open', label: 'Safety tools', to: '/safety' },
  stories: { type: 'open', label: 'Stories', to: '/blog' },
  signUp: { type: 'open', label: 'Sign up', to: '/signup' },
  logIn: { type: 'open', label: 'Log in', to: '/login' },
  privacy: { type: 'open', label: 'Privacy', to: '/privacy' },
} as const satisfies Record<string, AssistantAction>
