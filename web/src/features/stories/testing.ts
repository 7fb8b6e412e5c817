/** The author screens' tests: Asha, an empty phone database, and no network. */
import { afterEach, beforeEach, vi } from 'vitest'
import { noNetwork, server } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { clearDb } from '../../test/sync.ts'

export const asha = testUser()

/** Each test starts with an empty phone database and no network. */
export function offlineAuthorScreens() {
  beforeEach(async () => {
    await clearDb()
    server.use(noNetwork())
  })
  // The screens' tests stub alert.
  afterEach(() => vi.unstubAllGlobals())
}
