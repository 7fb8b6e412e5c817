import type { AssistantAction } from '../types.ts'

/**
 * The numbers of the app's helplines (packages/contract/src/helplines.ts, in its order), copied so that this package
 * has no runtime dependency; a test checks they are the same.
 */
export const HELPLINE_NUMBERS: readonly string[] = [
  '1091',
  '14567',
  '1098',
  '100',
  '101',
  '102',
  '103',
  '104',
  '108',
  '131',
  '181',
  '1031',
  '1073',
  '1090',
]

/** India's single emergency number, used by SOS. */
export const EMERGENCY = '112'

const call = (number: string): AssistantAction => ({ type: 'call', label: `Call ${number}`, number })

/** The buttons answers carry (the app renders them). */
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
  call1073: call('1073'),
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
