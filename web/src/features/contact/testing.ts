import { afterEach, beforeEach, vi } from 'vitest'
import { clearDb } from '../../test/sync.ts'

/** Each test starts with an empty phone database and a stubbed alert(), whose mock this answers. */
export function alertsStubbed() {
  const alertMock = vi.fn()
  beforeEach(async () => {
    alertMock.mockReset()
    vi.stubGlobal('alert', alertMock)
    await clearDb()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  return alertMock
}
