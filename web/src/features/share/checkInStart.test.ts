import { beforeEach, describe, expect, it } from 'vitest'
import { clearDb } from '../../test/sync.ts'
import { CHECKIN_PRESETS, presetDeadline, startCheckIn } from './checkInStart.ts'
import { readShare } from './session.ts'
import { minutesFromNow, session, shareServer, storeSession, TOKEN } from './testing.ts'

const ME = 'a'.repeat(24)
const MARKET = { name: 'Crawford Market', lat: 18.9477, lon: 72.8347 }

describe('check-in presets', () => {
  it('are 15 min, 30 min and 1 h from now', () => {
    const now = Date.parse('2026-03-01T12:00:00Z')
    expect(CHECKIN_PRESETS.map((p) => [p.label, presetDeadline(p.minutes, now).toISOString()])).toEqual([
      ['15 min', '2026-03-01T12:15:00.000Z'],
      ['30 min', '2026-03-01T12:30:00.000Z'],
      ['1 h', '2026-03-01T13:00:00.000Z'],
    ])
  })
})

describe('startCheckIn', () => {
  beforeEach(clearDb)

  it('on a new share: notes the account it belongs to and the place that ends it', async () => {
    shareServer()
    const deadline = new Date(Date.now() + 40 * 60_000)
    const { started } = await startCheckIn({ deadline, destination: 'Crawford Market', arrival: MARKET, accountId: ME })
    expect(started).toBe(true)
    expect((await readShare())?.checkInPlan).toMatchObject({
      deadline: deadline.toISOString(),
      accountId: ME,
      arrival: MARKET,
    })
  })

  it('on the running share: keeps what was known of its account, and forgets the last place', async () => {
    const { calls } = shareServer()
    const old = minutesFromNow(20)
    await storeSession(
      session({ checkIn: { deadline: old }, checkInPlan: { deadline: old, accountId: null, arrival: MARKET } }),
    )
    const deadline = new Date(Date.now() + 30 * 60_000)
    const { started } = await startCheckIn({ deadline, accountId: ME })
    expect(started).toBe(false)
    expect(calls.map((c) => c.url)).toEqual([`/api/share/${TOKEN}/checkin`])
    const plan = (await readShare())?.checkInPlan
    expect(plan).toMatchObject({ deadline: deadline.toISOString(), accountId: null })
    expect(plan?.arrival).toBeUndefined()
  })

  it('on a running share this phone knows nothing of: its account stays unknown', async () => {
    shareServer()
    await storeSession(session())
    await startCheckIn({ deadline: new Date(Date.now() + 30 * 60_000), accountId: ME })
    const plan = (await readShare())?.checkInPlan
    expect(plan).toBeDefined()
    expect(plan && 'accountId' in plan).toBe(false)
  })

  it('a refused start keeps nothing', async () => {
    shareServer(() => 'offline')
    await expect(startCheckIn({ deadline: new Date(Date.now() + 15 * 60_000), accountId: null })).rejects.toThrow(
      'Live sharing needs a connection.',
    )
    expect(await readShare()).toBeNull()
  })
})
