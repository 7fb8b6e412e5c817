import type { Guardian } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { alertedText, checkedAgo, type GuardianCheck, WatchText, watchersView } from './checkInWatchers.ts'

const NOW = Date.parse('2026-03-01T12:00:00Z')
const ME = { _id: 'a'.repeat(24) }
const g = (name: string, over: Partial<Guardian> = {}): Guardian => ({
  id: name,
  name,
  state: 'active',
  push: true,
  email: false,
  ...over,
})
const done = (guardians: Guardian[], over: Partial<Extract<GuardianCheck, { kind: 'done' }>> = {}): GuardianCheck => ({
  kind: 'done',
  guardians,
  checkedAt: NOW,
  ...over,
})

describe('who will be alerted', () => {
  it('signed out, on a new share: nobody, and she must sign in and add guardians', () => {
    expect(watchersView({ kind: 'new' }, null, { kind: 'checking' }, NOW)).toEqual({
      summary: WatchText.nobody,
      alerted: [],
      notes: [WatchText.signedOut],
      action: 'signIn',
    })
    // A running share this phone knows nothing of counts as signed out: never a claim that someone watches.
    expect(watchersView({ kind: 'unknown' }, null, { kind: 'checking' }, NOW).summary).toBe(WatchText.nobody)
  })

  it('names her guardians whose alerts are on, with how, and who is not alerted', () => {
    const shown = watchersView(
      { kind: 'new' },
      ME,
      done([
        g('Riya'),
        g('Didi', { push: false, email: true }),
        g('Amma', { state: 'invited', push: false }),
        g('Papa', { state: 'invited', push: false, emailPending: true }),
      ]),
      NOW,
    )
    expect(shown.summary).toBe(alertedText(2))
    expect(shown.alerted).toEqual([
      { id: 'Riya', name: 'Riya', how: 'Notifications on' },
      { id: 'Didi', name: 'Didi', how: 'E-mail confirmed' },
    ])
    expect(shown.notes).toEqual([
      'Amma will not be alerted (invited: not accepted yet).',
      'Papa will not be alerted (invited: waiting for them to confirm their e-mail).',
    ])
    expect(shown.action).toBeNull()
    expect(alertedText(1)).toBe('If you miss this check-in, Wings alerts your guardian, even if your phone is off:')
  })

  it('with no guardian whose alerts are on: nobody, and a way to add one', () => {
    for (const list of [[], [g('Sam', { state: 'stopped', push: false })]]) {
      const shown = watchersView({ kind: 'new' }, ME, done(list), NOW)
      expect(shown.summary).toBe(WatchText.nobody)
      expect(shown.notes[0]).toBe(WatchText.noGuardians)
      expect(shown.action).toBe('addGuardians')
    }
  })

  it('could not check: says so, or shows the last list with its age', () => {
    expect(watchersView({ kind: 'new' }, ME, { kind: 'failed', why: 'offline' }, NOW)).toMatchObject({
      summary: WatchText.offline,
      alerted: [],
      action: 'retry',
    })
    expect(watchersView({ kind: 'new' }, ME, { kind: 'failed', why: 'error' }, NOW).summary).toBe(WatchText.failed)
    expect(watchersView({ kind: 'new' }, ME, { kind: 'checking' }, NOW).summary).toBe(WatchText.checking)
    const stale = watchersView(
      { kind: 'new' },
      ME,
      done([g('Riya')], { failed: 'offline', checkedAt: NOW - 12 * 60_000 }),
      NOW,
    )
    expect(stale.alerted.map((a) => a.name)).toEqual(['Riya'])
    expect(stale.notes).toEqual(['Could not check again: you are offline. This list is from 12 min ago.'])
    expect(stale.action).toBe('retry')
  })

  it('on a share not hers: her guardians are not alerted; on hers signed out: they are', () => {
    const riya = done([g('Riya')])
    expect(watchersView({ kind: 'account', id: null }, ME, riya, NOW)).toMatchObject({
      summary: WatchText.nobody,
      notes: [WatchText.notHers],
    })
    expect(watchersView({ kind: 'account', id: 'b'.repeat(24) }, ME, riya, NOW).summary).toBe(WatchText.nobody)
    expect(watchersView({ kind: 'account', id: ME._id }, null, riya, NOW)).toMatchObject({
      summary: WatchText.hersSignedOut,
      action: 'signIn',
    })
    expect(watchersView({ kind: 'account', id: ME._id }, ME, riya, NOW).alerted).toHaveLength(1)
    // Whose the running share is, this phone does not know: they are named, with the condition.
    expect(watchersView({ kind: 'unknown' }, ME, riya, NOW).notes).toEqual([WatchText.ownerUnknown])
  })

  it('says how old a check is', () => {
    expect(checkedAgo(NOW - 30_000, NOW)).toBe('just now')
    expect(checkedAgo(NOW - 5 * 60_000, NOW)).toBe('5 min ago')
    expect(checkedAgo(NOW - 70 * 60_000, NOW)).toBe('1 h 10 min ago')
  })
})
