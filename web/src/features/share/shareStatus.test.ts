import { describe, expect, it } from 'vitest'
import { LocationText } from '../sos/index.ts'
import { clockText } from './format.ts'
import type { PendingShare } from './pendingShare.ts'
import {
  bannerText,
  needsOtherWay,
  problemText,
  ShareTruthText,
  shareTruth,
  syncNote,
  truthText,
} from './shareStatus.ts'
import { minutesFromNow, session } from './testing.ts'

const pending = (over: Partial<PendingShare> = {}): PendingShare => ({
  durationMinutes: 60,
  sos: true,
  since: new Date().toISOString(),
  until: minutesFromNow(60),
  reason: 'offline',
  tries: 1,
  ...over,
})

/** Every way the share screens could claim her location is shared. */
const SHARED_CLAIM = /Sharing location|Live location shared|shared until|Sharing your live location/

describe('shareTruth and its words', () => {
  it('says "waiting for your position" until the server took one, then shared until when', () => {
    const waiting = shareTruth(session(), null)
    expect(waiting.kind).toBe('waiting')
    expect(bannerText(waiting)).toBe('Live link on: waiting for your position')
    expect(truthText(waiting)).toBe(`Your live link is ready. ${ShareTruthText.waiting}`)
    expect(`${bannerText(waiting)} ${truthText(waiting)}`).not.toMatch(SHARED_CLAIM)

    const running = session({ lastSentAt: new Date().toISOString() })
    const sharing = shareTruth(running, null)
    expect(bannerText(sharing)).toBe(`Sharing location until ${clockText(running.expiresAt)}`)
    expect(truthText(sharing)).toBe(`Live location shared until ${clockText(running.expiresAt)}.`)
    expect(syncNote(sharing)).toBeNull()
  })

  it('never claims sharing while her location is denied, whatever went before', () => {
    for (const lastSentAt of [undefined, new Date(Date.now() - 5 * 60_000).toISOString()]) {
      const truth = shareTruth(session({ problem: 'denied', ...(lastSentAt ? { lastSentAt } : {}) }), null)
      expect(truth.kind).toBe('stuck')
      expect(bannerText(truth)).not.toMatch(SHARED_CLAIM)
      expect(truthText(truth)).not.toMatch(SHARED_CLAIM)
      expect(truthText(truth)).toContain(LocationText.denied)
    }
    expect(bannerText(shareTruth(session({ problem: 'denied' }), null))).toBe('Not shared: location not allowed')
  })

  it('names a refused or failed update with the server’s status, since when, and that help is another way', () => {
    const sentAt = new Date(Date.now() - 3 * 60_000).toISOString()
    const refused = shareTruth(session({ problem: 'refused', problemStatus: 429, lastSentAt: sentAt }), null)
    expect(bannerText(refused)).toBe(`Not updated since ${clockText(sentAt)}: Wings refused it`)
    expect(truthText(refused)).toBe(
      `Not updated since ${clockText(sentAt)}: your link shows where you were then. Wings refused your position: too many updates. It tries again by itself in a moment.`,
    )
    expect(needsOtherWay(refused)).toBe(true)
    expect(syncNote(refused)).toBe('live location not sent')

    const failed = shareTruth(session({ problem: 'failed', problemStatus: 503 }), null)
    expect(bannerText(failed)).toBe('Not shared: Wings is not answering')
    expect(truthText(failed)).toContain(
      "Wings could not take your position (a problem on Wings' side, not yours). It tries again by itself.",
    )
    expect(syncNote(shareTruth(session({ problem: 'offline' }), null))).toBe('live location not sent')
    // The phone's location is not a sync matter.
    expect(syncNote(shareTruth(session({ problem: 'timeout' }), null))).toBeNull()
  })

  it('says which location failure happened, each with its own remedy', () => {
    const texts = (['denied', 'timeout', 'unavailable', 'unsupported'] as const).map((p) => problemText(p))
    expect(new Set(texts).size).toBe(4)
    expect(problemText('denied')).toContain('Site settings')
    expect(problemText('timeout')).toContain('near a window or outdoors')
    expect(problemText('unavailable')).toContain('Turn on location (GPS)')
    expect(problemText('unsupported')).toBe('Geolocation is not supported by your browser.')
    for (const text of texts.slice(1)) expect(text).not.toContain('Please enable location access')
  })

  it('a pending share is not shared: no connection and it starts by itself, or busy and it keeps trying', () => {
    const offline = shareTruth(null, pending())
    expect(bannerText(offline)).toBe('Not shared: no connection. It starts when you are back online.')
    expect(truthText(offline)).toBe(ShareTruthText.pendingOffline)
    expect(needsOtherWay(offline)).toBe(true)
    expect(syncNote(offline)).toBe('live location not started')

    const busy = shareTruth(null, pending({ reason: 'busy', status: 503 }))
    expect(truthText(busy)).toBe(
      "Not shared yet: Wings cannot start your live link right now (a problem on Wings' side, not yours). It keeps trying by itself.",
    )
    const failed = shareTruth(null, pending({ failed: 'Bad request.' }))
    expect(truthText(failed)).toBe('Not shared: the live link could not be made. Bad request.')
    expect(shareTruth(null, null)).toEqual({ kind: 'none' })
    expect(bannerText({ kind: 'none' })).toBe('')
  })

  it('shows a sentence stored by an older version as it is', () => {
    const truth = shareTruth(session({ problem: 'This browser cannot share your location.' }), null)
    expect(bannerText(truth)).toBe('Not shared: This browser cannot share your location')
    expect(truthText(truth)).toContain('This browser cannot share your location.')
  })
})
