/**
 * The messages between the page and the route worker (worker.ts): the page keeps the bundles in IndexedDB and sends
 * their bytes; the worker decodes them (checksum verified), keeps a few decoded, and plans on them.
 */
import type { RouteFindBody, RouteFindResponse } from '@wings/contract'

/** What the page needs of a verified bundle's header. */
export interface BundleInfo {
  version: string
  box: [number, number, number, number]
  importedAt: string
  dataDate: string
  signalsVersion: string
}

export type WorkerRequest =
  | { id: number; type: 'verify'; bytes: ArrayBuffer }
  /** `bytes` only when the worker said it does not hold `version` decoded. */
  | { id: number; type: 'plan'; version: string; bytes?: ArrayBuffer; body: RouteFindBody; now: number }

/** Why the phone could not plan: which end is outside, a damaged bundle, the planner's own refusal. */
export type PhoneProblem =
  | { code: 'outside'; end: 'source' | 'destination' | 'both' }
  /** Nothing is kept on the phone for the region's current import. */
  | { code: 'none' }
  | { code: 'stale' }
  | { code: 'corrupt' }
  /** The server's own refusal for the same trip (its ErrorCode and message: a time in the wrong format, too far). */
  | { code: 'refused'; errorCode: string; message: string }
  | { code: 'failed'; message: string }

export type WorkerAnswer =
  | { id: number; ok: true; info: BundleInfo }
  | { id: number; ok: true; routes: RouteFindResponse['routes'] }
  | { id: number; ok: false; missing: true }
  | { id: number; ok: false; problem: PhoneProblem }
