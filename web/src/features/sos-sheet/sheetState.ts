import type { LocationProblem, SosPlace } from '../sos/index.ts'
import type { GuardianAlert } from './guardianAlert.ts'
import { t } from './messages.ts'

/** How long the live link an SOS starts runs (minutes): long enough for help to arrive, and it stops by itself. */
export const SOS_SHARE_MINUTES = 60

export interface Contact {
  name: string
  phone: string
}

/**
 * What became of the live link this SOS asked for. `running`: one was already running; `made`/`pending`: this SOS
 * asked for it (the stored share or pending share then says what is true); `noLocation`: her location is denied or
 * unsupported, so a link could show nothing and none is made.
 */
export type LinkState =
  | { kind: 'making' }
  | { kind: 'running' | 'made' | 'pending' }
  | { kind: 'noLocation' }
  | { kind: 'failed'; text: string }

export interface SheetState {
  /** ask: the spec's question is open; go: she said yes (or nobody could be asked); declined: she said no. */
  phase: 'ask' | 'go' | 'declined'
  message?: string | undefined
  /** The guardians are alerted for a press she confirmed, not for a missed check-in (the server alerts for that). */
  alerting: boolean
  locating: boolean
  place: SosPlace
  problem: LocationProblem | null
  link: LinkState
  contacts: Contact[]
  /** Signed in: what became of the alert to her guardians. */
  guardians: GuardianAlert | null
}

export const EMPTY: SheetState = {
  phase: 'ask',
  alerting: false,
  locating: false,
  place: { position: null, stale: false },
  problem: null,
  link: { kind: 'making' },
  contacts: [],
  guardians: null,
}

/** The sheet's lines, in her language when read. */
export const SosText = {
  get declined() {
    return t('declined')
  },
  get making() {
    return t('making')
  },
  get opening() {
    return t('opening')
  },
  get inMessage() {
    return t('inMessage')
  },
  get stopped() {
    return t('stopped')
  },
}
