import { GuardianMessages } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { setLanguage } from '../../i18n/language.ts'
import { answer, server } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { clearDb, syncServer } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import type { PendingShare } from '../share/index.ts'
import { session, TOKEN } from '../share/testing.ts'
import { rememberPosition } from '../sos/index.ts'
import { guardianAlertText } from './body/guardianAlertText.ts'
import { t as bodyT } from './body/messages.ts'
import {
  ALERT_LINK_WAIT_MS,
  GuardianAlertText,
  HELD_ALERT_KEY,
  type HeldAlert,
  heldAlertDecision,
  holdAlert,
  readHeldAlert,
  refusalText,
  releaseHeldAlert,
  SOS_ALERT_MESSAGE,
  sosBody,
  staleMessage,
} from './guardianAlert.ts'
import { t } from './messages.ts'

const now = 1_800_000_000_000
const held: HeldAlert = { position: { lat: 18.92, lon: 72.83, accuracy: 10, at: now }, heldAt: now }
const pending = (over: Partial<PendingShare> = {}): PendingShare => ({
  durationMinutes: 60,
  sos: true,
  since: new Date(now).toISOString(),
  until: new Date(now + 3_600_000).toISOString(),
  reason: 'offline',
  tries: 1,
  ...over,
})

describe('heldAlertDecision', () => {
  it('goes with the link once the share exists', () => {
    expect(heldAlertDecision(held, session(), null, now)).toEqual({ send: true, token: TOKEN })
  })

  it('waits for the link while there is no connection (the alert could not go anyway)', () => {
    expect(heldAlertDecision(held, null, pending(), now + 3_600_000)).toEqual({ send: false })
  })

  it('goes without the link when none will come: refused, cancelled or too late', () => {
    expect(heldAlertDecision(held, null, null, now)).toEqual({ send: true })
    expect(heldAlertDecision(held, null, pending({ failed: 'Bad request.' }), now)).toEqual({ send: true })
  })

  it('waits ALERT_LINK_WAIT_MS for a link a reachable server is not making (429, 5xx), then goes without it', () => {
    const busy = pending({ reason: 'busy', status: 503, reachedAt: new Date(now).toISOString() })
    expect(heldAlertDecision(held, null, busy, now + 1_000)).toEqual({
      send: false,
      recheckInMs: ALERT_LINK_WAIT_MS - 1_000,
    })
    expect(heldAlertDecision(held, null, busy, now + ALERT_LINK_WAIT_MS)).toEqual({ send: true })
  })
})

describe('releaseHeldAlert', () => {
  beforeEach(async () => {
    await clearDb()
    await storeUser(testUser())
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sends it once, whoever asks, with the newest position the phone has and its age when old', async () => {
    const { pushes } = syncServer()
    server.use(answer('guardians', { guardians: [] }))
    const at = Date.now() - 10 * 60_000
    await holdAlert({ lat: 18.9, lon: 72.8, accuracy: 20, at: at - 60_000 }, 'Help me')
    await rememberPosition({ lat: 18.91, lon: 72.81, accuracy: 15, at })
    const [first, second] = await Promise.all([releaseHeldAlert(TOKEN), releaseHeldAlert(TOKEN)])
    expect([first, second].filter((outcome) => outcome !== null)).toHaveLength(1)
    const ops = pushes.flatMap((p) => p.ops).filter((op) => op.type === 'sos.alert')
    expect(ops).toHaveLength(1)
    expect(ops[0]?.payload).toMatchObject({ lat: 18.91, lon: 72.81, shareToken: TOKEN })
    expect((ops[0]?.payload as { message?: string } | undefined)?.message).toMatch(/^Help me \(.*10 minutes ago\.\)$/)
    expect(await readHeldAlert()).toBeNull()
    expect(await db.meta.get(HELD_ALERT_KEY)).toBeUndefined()
  })
})

describe('the alert in her language', () => {
  it("keeps the English and the server's known messages exactly", () => {
    expect(t('alertMessage')).toBe(SOS_ALERT_MESSAGE)
    expect(bodyT('guardiansQueued')).toBe(GuardianMessages.sosQueued)
    expect(t('guardiansTooMany')).toBe(GuardianMessages.tooManyAlerts)
    expect(guardianAlertText({ kind: 'alerted', count: null })).toBe(GuardianMessages.sosQueued)
    expect(refusalText('Something the server said')).toBe('Something the server said')
  })

  it('sends her default words and their age in Hindi, and says what became of it in Hindi', async () => {
    await setLanguage('hi')
    expect(sosBody(held.position).message).toBe('मुझे मदद चाहिए! यह इमरजेंसी है। कृपया जल्द से जल्द मुझसे संपर्क करें।')
    expect(sosBody(held.position, undefined, 'Help me').message).toBe('Help me')
    expect(staleMessage(undefined, now - 5 * 60_000, now)).toBe(
      'मुझे मदद चाहिए! यह इमरजेंसी है। कृपया जल्द से जल्द मुझसे संपर्क करें। (Wings को अभी मेरी लोकेशन नहीं मिली: यह मेरी आखिरी बार मिली लोकेशन है, 5 मिनट पहले।)',
    )
    expect(guardianAlertText({ kind: 'alerted', count: 2 })).toBe('2 गार्डियन को अलर्ट किया गया।')
    expect(guardianAlertText({ kind: 'noPosition' })).toBe(GuardianAlertText.noPosition)
    expect(GuardianAlertText.noPosition).toContain('112 पर कॉल करें')
    expect(refusalText(GuardianMessages.tooManyAlerts)).toBe('बहुत सारे अलर्ट भेजे जा चुके हैं। ख़तरे में हों तो 112 पर कॉल करें।')
    expect(refusalText('Something the server said')).toBe(GuardianAlertText.failed)
  })
})
