import type { User } from './auth.ts'
import type { GuardianInviteView } from './guardians.ts'

/** Asha, the account of the server's and the web's tests: what she signs up with. */
export const ASHA_SIGNUP = {
  firstName: 'Asha',
  lastName: 'Rao',
  age: 28,
  gender: 'female',
  email: 'asha@example.in',
  password: 'Str0ng!pass',
} as const

/** Asha as the API answers her (her signup without the password), with `over` on top. */
export function testUser(over: Partial<User> = {}): User {
  const { password: _password, ...profile } = ASHA_SIGNUP
  return { _id: 'a'.repeat(24), ...profile, likedPosts: [], dislikedPosts: [], ...over }
}

/** What Asha's guardian sees on a fresh invitation page, with `over` on top. */
export function invitedView(over: Partial<GuardianInviteView> = {}): GuardianInviteView {
  return {
    inviterName: 'Asha',
    state: 'invited',
    push: false,
    email: false,
    emailPending: false,
    shareStarted: false,
    emailAvailable: true,
    ...over,
  }
}

/** A found route's details, as a saved route keeps them. */
export const ROUTE_DETAIL = {
  mode: 'foot',
  label: 'Safest',
  geometry: '_p~iF~ps|U_ulLnnqC_mqNvxq`@',
  distance: 1830.5,
  duration: 1402,
  safetyScore: 82,
} as const
