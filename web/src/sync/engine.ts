/**
 * The sync engine (docs/sync.md, Client): pushes the outbox in order, then pulls the signed-in user's changes.
 * Runs in the page and in the service worker (Background Sync), so it touches neither `window` nor `document`:
 * the page's triggers live in start.ts. It names no entity: how a pulled change is stored and what the phone keeps of
 * a settled op are registered by the db modules (registry.ts).
 */
import {
  type Change,
  type Op,
  type OpResult,
  PUSH_MAX_OPS,
  type PullResponse,
  type PushResponse,
} from '@wings/contract'
import { ApiError, callApi, serverText } from '../api/client.ts'
import { db, type OutboxRow } from '../db/db.ts'
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, retryDelay } from './backoff.ts'
import { applierOf, settleHandlers, tablesWith } from './registry.ts'

/** The Background Sync tag registered when an op is queued, and the message the service worker posts to pages. */
export const SYNC_TAG = 'wings-outbox'
export const SYNC_MESSAGE = 'WINGS_SYNC'

/** Meta keys. */
export const META_CLIENT_ID = 'clientId'
/** The user whose session the server refused (401): her ops wait until she signs in again. */
export const META_PAUSED_FOR = 'pausedFor'
export const cursorKey = (userId: string) => `cursor:${userId}`

/** A push body stays well under the server's 1 MiB limit. */
export const PUSH_MAX_BYTES = 768 * 1024
/** Guards against a server that keeps answering `more`. */
const MAX_PULL_PAGES = 100

export interface SyncResult {
  /** ok: all it could do is done; offline: not tried; retry: a network or server failure, a retry is scheduled. */
  status: 'ok' | 'offline' | 'retry'
  /** The signed-in user's ops wait for her to sign in again (the server answered 401). */
  paused: boolean
  pushed: number
  rejected: number
  pulled: number
}

export type OpOutcome =
  | { status: 'sent' }
  /** Still in the outbox: offline, server unreachable, or waiting for sign-in. */
  | { status: 'waiting' }
  | { status: 'rejected'; code: string; message: string }

export interface SyncState {
  /** A sync run is under way. */
  running: boolean
  /** Ops are being pushed right now. */
  pushing: boolean
  /** Failed runs in a row (network, 5xx, 429). */
  failures: number
  /** When the backoff timer fires, or null. */
  retryAt: number | null
  /**
   * The last run could not reach the server at all (no network), and none has since: the phone is offline in fact,
   * whatever navigator.onLine says (it says online behind a captive portal, on a dead connection, and in some
   * browsers after a page loaded from the service worker while offline).
   */
  unreachable: boolean
}

export interface EngineOptions {
  isOnline?: () => boolean
  random?: () => number
  baseDelayMs?: number
  maxDelayMs?: number
  /** Serialise runs across tabs and the service worker with the Web Locks API where it exists (default true). */
  useLocks?: boolean
}

const defaultOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false

function asOp(row: OutboxRow): Op {
  return { opId: row.opId, type: row.type, payload: row.payload, createdAt: row.createdAt }
}

const encoder = new TextEncoder()

export class SyncEngine {
  private readonly isOnline: () => boolean
  private readonly random: () => number
  private readonly baseDelay: number
  private readonly maxDelay: number
  private readonly useLocks: boolean
  private current: Promise<SyncResult> | null = null
  private next: Promise<SyncResult> | null = null
  private timer: ReturnType<typeof setTimeout> | undefined
  private active = false
  private state: SyncState = { running: false, pushing: false, failures: 0, retryAt: null, unreachable: false }
  private readonly listeners = new Set<() => void>()

  constructor(options: EngineOptions = {}) {
    this.isOnline = options.isOnline ?? defaultOnline
    this.random = options.random ?? Math.random
    this.baseDelay = options.baseDelayMs ?? BACKOFF_BASE_MS
    this.maxDelay = options.maxDelayMs ?? BACKOFF_MAX_MS
    this.useLocks = options.useLocks ?? true
  }

  getState = (): SyncState => this.state

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private set(patch: Partial<SyncState>) {
    this.state = { ...this.state, ...patch }
    for (const listener of this.listeners) listener()
  }

  /** Lets triggers (trigger(), the backoff timer, resume()) start runs: the page calls it once at start. */
  activate(): void {
    this.active = true
  }

  /** Stops the timer and further triggered runs (tests, and a page being torn down). */
  deactivate(): void {
    this.active = false
    clearTimeout(this.timer)
    this.timer = undefined
    this.set({ retryAt: null })
  }

  /** A trigger (online, visible, new op, timer): starts a run when the engine is active. */
  trigger(): void {
    if (this.active) void this.sync()
  }

  /**
   * Runs a sync: push, then pull. One at a time: a call during a run answers the one further run that starts
   * after it (however many calls came meanwhile).
   */
  sync(): Promise<SyncResult> {
    if (this.next) return this.next
    if (!this.current) return this.launch()
    const after = this.current.then(() => {
      this.next = null
      return this.launch()
    })
    this.next = after
    return after
  }

  /** Syncs and tells what became of one op (for forms that say whether their message went). */
  async syncOp(opId: string): Promise<OpOutcome> {
    if (this.isOnline()) await this.sync()
    if ((await db.outbox.where('opId').equals(opId).count()) > 0) return { status: 'waiting' }
    const conflict = await db.conflicts.get(opId)
    // Its message in her language (the server's own, stored, is English).
    if (conflict)
      return { status: 'rejected', code: conflict.code, message: await serverText(conflict.code, conflict.message) }
    return { status: 'sent' }
  }

  /** The user signed in again (or the server confirmed her session): her paused ops may go. */
  async resume(): Promise<void> {
    await db.meta.delete(META_PAUSED_FOR)
    this.trigger()
  }

  private launch(): Promise<SyncResult> {
    const run = this.locked().finally(() => {
      if (this.current === run) this.current = null
    })
    this.current = run
    return run
  }

  private locked(): Promise<SyncResult> {
    const locks = this.useLocks && typeof navigator !== 'undefined' ? navigator.locks : undefined
    if (locks) return locks.request('wings-sync', () => this.run())
    return this.run()
  }

  private async run(): Promise<SyncResult> {
    const result: SyncResult = { status: 'ok', paused: false, pushed: 0, rejected: 0, pulled: 0 }
    if (!this.isOnline()) return { ...result, status: 'offline' }
    clearTimeout(this.timer)
    this.set({ running: true, retryAt: null })
    try {
      const userId = await this.push(result)
      if (userId && !result.paused) await this.pull(userId, result)
      if (this.state.failures > 0 || this.state.unreachable) this.set({ failures: 0, unreachable: false })
    } catch (error) {
      // Network, 5xx, 429 and anything unexpected (e.g. 403 after a deploy): nothing is lost, try again later.
      result.status = 'retry'
      const unreachable = error instanceof ApiError && error.status === 0
      if (unreachable !== this.state.unreachable) this.set({ unreachable })
      this.scheduleRetry(error)
    } finally {
      this.set({ running: false, pushing: false })
    }
    return result
  }

  private scheduleRetry(error: unknown) {
    const failures = this.state.failures + 1
    const delay = retryDelay(failures, error, this.random, this.baseDelay, this.maxDelay)
    clearTimeout(this.timer)
    this.timer = this.active ? setTimeout(() => this.trigger(), delay) : undefined
    this.set({ failures, retryAt: this.active ? Date.now() + delay : null })
  }

  /** Pushes every op that may go now; answers the signed-in user's id (or null). Throws to ask for a retry. */
  private async push(result: SyncResult): Promise<string | null> {
    const clientId = await clientIdOf()
    let limit = PUSH_MAX_OPS
    for (;;) {
      const userId = (await db.user.get('me'))?.user._id ?? null
      const paused = userId !== null && (await db.meta.get(META_PAUSED_FOR))?.value === userId
      result.paused = paused
      const batch = await nextBatch(userId, paused, limit)
      if (batch.length === 0) return userId
      this.set({ pushing: true })
      let answer: PushResponse
      try {
        answer = await callApi('syncPush', { body: { clientId, ops: batch.map(asOp) } })
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        if (error.status === 401 && userId !== null && batch.some((op) => op.userId !== null)) {
          // Her session is gone: keep her ops, send the rest (e.g. contact messages) without them.
          await db.meta.put({ key: META_PAUSED_FOR, value: userId })
          continue
        }
        if (error.status === 400 || error.status === 413) {
          // The batch as a whole was refused: halve it to find the op at fault, which then is a conflict alone.
          if (batch.length > 1) {
            limit = Math.ceil(batch.length / 2)
            continue
          }
          const only = batch[0] as OutboxRow
          await settle([only], [{ opId: only.opId, status: 'rejected', code: error.code, message: error.message }])
          result.rejected++
          continue
        }
        throw error
      }
      limit = PUSH_MAX_OPS
      const { done, rejected } = await settle(batch, answer.results ?? [])
      result.pushed += done
      result.rejected += rejected
      if (done + rejected === 0) throw new Error('The server answered no result for the ops sent')
    }
  }

  /** Pulls the user's changes page by page; each page and its cursor are stored in one transaction. */
  private async pull(userId: string, result: SyncResult): Promise<void> {
    for (let page = 0; page < MAX_PULL_PAGES; page++) {
      const since = Number((await db.meta.get(cursorKey(userId)))?.value ?? 0)
      let answer: PullResponse
      try {
        answer = await callApi('syncPull', { query: { since: Number.isSafeInteger(since) ? since : 0 } })
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          await db.meta.put({ key: META_PAUSED_FOR, value: userId })
          result.paused = true
          return
        }
        throw error
      }
      const applied = await applyChanges(userId, answer.changes ?? [], answer.cursor)
      if (!applied) return
      result.pulled += answer.changes?.length ?? 0
      if (!answer.more) return
    }
  }
}

/** This device's id for the server (one per browser profile), made once. */
export async function clientIdOf(): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get(META_CLIENT_ID)
    if (typeof row?.value === 'string') return row.value
    const id = crypto.randomUUID()
    await db.meta.put({ key: META_CLIENT_ID, value: id })
    return id
  })
}

/**
 * The next ops to push, in seq order: ops anyone may send, and the signed-in user's unless paused. An op held back
 * holds back the later ops of its entity, so they never overtake it. At most `limit` ops and PUSH_MAX_BYTES.
 */
export async function nextBatch(userId: string | null, paused: boolean, limit = PUSH_MAX_OPS): Promise<OutboxRow[]> {
  const held = new Set<string>()
  const batch: OutboxRow[] = []
  let bytes = 0
  let full = false
  await db.outbox
    .orderBy('seq')
    .until(() => full)
    .each((op) => {
      const mayGo = op.userId === null || (op.userId === userId && !paused)
      if (!mayGo || held.has(op.entity)) {
        held.add(op.entity)
        return
      }
      const size = encoder.encode(JSON.stringify(asOp(op))).length
      if (batch.length > 0 && bytes + size > PUSH_MAX_BYTES) {
        full = true
        return
      }
      batch.push(op)
      bytes += size
      if (batch.length >= limit) full = true
    })
  return batch
}

/**
 * Applies the push results: applied and duplicate ops leave the outbox; rejected ones move to conflicts. Then each
 * registered entity keeps what it must of them (sync/registry.ts), in the same transaction.
 */
async function settle(batch: OutboxRow[], results: OpResult[]): Promise<{ done: number; rejected: number }> {
  const byId = new Map(batch.map((op) => [op.opId, op]))
  const applied: OutboxRow[] = []
  const rejected: OutboxRow[] = []
  await db.transaction('rw', tablesWith(db.outbox, db.conflicts), async () => {
    for (const r of results) {
      const op = byId.get(r.opId)
      if (!op || op.seq === undefined) continue
      byId.delete(r.opId)
      await db.outbox.delete(op.seq)
      if (r.status !== 'rejected') {
        applied.push(op)
        continue
      }
      rejected.push(op)
      await db.conflicts.put({
        opId: op.opId,
        type: op.type,
        payload: op.payload,
        userId: op.userId,
        code: r.code ?? 'REJECTED',
        message: r.message ?? 'The server refused this change',
        createdAt: op.createdAt,
        at: new Date().toISOString(),
      })
    }
    for (const onSettled of settleHandlers()) await onSettled({ applied, rejected })
  })
  return { done: applied.length, rejected: rejected.length }
}

/** Stores one pulled page and its cursor together; false when another user signed in meanwhile (page dropped). */
async function applyChanges(userId: string, changes: Change[], cursor: number): Promise<boolean> {
  return db.transaction('rw', tablesWith(db.meta, db.user), async () => {
    const me = await db.user.get('me')
    if (me?.user._id !== userId) return false
    for (const change of changes) {
      // Entities of later versions (not registered) are skipped.
      await applierOf(change.entity)?.(userId, change)
    }
    await db.meta.put({ key: cursorKey(userId), value: cursor })
    return true
  })
}

/** The app's one engine (the page and the service worker each hold their own instance of this module). */
export const syncEngine = new SyncEngine()
