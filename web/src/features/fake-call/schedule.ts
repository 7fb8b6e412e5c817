/**
 * The fake call's schedule, kept on the device (localStorage) so it survives a reload or a page the browser killed in
 * the background: a call scheduled then reloaded still rings at its time. One arriving more than LATE_MS after its
 * time (the phone was off, the tab closed for long) is dropped instead: a call that rings minutes late could ring in
 * the wrong place. The frame's own part is pending.ts.
 */

import { CALL_KEY, CHANGED } from './pending.ts'

export { CALL_KEY, onScheduleChange } from './pending.ts'
export const CALLER_KEY = 'wings.fakeCall.caller'

/** The delays she can choose, in seconds: 10 s, 1 min, 5 min. */
export const DELAYS = [10, 60, 300] as const
export const LATE_MS = 60_000

export interface FakeCall {
  /** When it rings (ms since the epoch). */
  at: number
  caller: string
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // storage may be unavailable (private mode): the call still rings while the page stays open
  }
}

let memory: FakeCall | null = null
let raw: string | null | undefined

/** The call waiting to ring, or null; a stored one too late to ring (or unreadable) is forgotten. */
export function scheduledCall(now = Date.now()): FakeCall | null {
  const stored = read(CALL_KEY)
  if (stored === raw && memory) return memory.at + LATE_MS < now ? forget() : memory
  raw = stored
  memory = null
  if (stored === null) return null
  try {
    const { at, caller } = JSON.parse(stored) as Partial<FakeCall>
    if (typeof at !== 'number' || !Number.isFinite(at) || typeof caller !== 'string') return forget()
    memory = { at, caller }
  } catch {
    return forget()
  }
  return memory.at + LATE_MS < now ? forget() : memory
}

function forget(): null {
  write(CALL_KEY, null)
  raw = null
  memory = null
  return null
}

function changed(): void {
  window.dispatchEvent(new Event(CHANGED))
}

/** Schedules the call `delaySeconds` from now (one at a time: a new one replaces the last) and keeps the name. */
export function scheduleCall(delaySeconds: number, caller: string, now = Date.now()): FakeCall {
  const call = { at: now + delaySeconds * 1000, caller: caller.trim() }
  write(CALL_KEY, JSON.stringify(call))
  write(CALLER_KEY, call.caller)
  changed()
  return call
}

/** Cancels the waiting call (also when it starts ringing: it must not ring again after a reload). */
export function cancelCall(): void {
  forget()
  changed()
}

/** The caller name she chose last, or null. */
export function savedCaller(): string | null {
  return read(CALLER_KEY)
}
