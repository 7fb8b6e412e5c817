export { fetchGuardians, guardiansQuery } from './api.ts'
export { activeCount } from './count.ts'
export { guardianStateText } from './invite.ts'
