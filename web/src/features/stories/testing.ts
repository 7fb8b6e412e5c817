/** The author screens' tests: Asha, an empty phone database, and no network. */
import { afterEach, beforeEach, vi } from 'vitest'
import { noNetwork, server } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'

export const asha = testUser()

/** Each test starts with an empty phone database and no network, and with Asha signed in when `signedIn`. */
export function offlineAuthorScreens({ signedIn = false } = {}) {
  beforeEach(async () => {
    await clearDb()
    server.use(noNetwork())
    if (signedIn) await storeUser(asha)
  })
  // The screens' tests stub alert.
  afterEach(() => vi.unstubAllGlobals())
}
