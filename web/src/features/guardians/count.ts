import type { Guardian } from '@wings/contract'

/** How many of these will be alerted now (the SOS sheet asks, on every screen: no texts here). */
export const activeCount = (guardians: ReadonlyArray<Pick<Guardian, 'state'>>) =>
  guardians.filter((g) => g.state === 'active').length
