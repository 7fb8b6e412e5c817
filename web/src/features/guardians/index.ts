export { fetchGuardians, guardiansQuery } from './api.ts'
export { activeCount, guardianStateText } from './invite.ts'
