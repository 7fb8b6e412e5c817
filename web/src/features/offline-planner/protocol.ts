/**
 * The messages between the page and the route worker (worker.ts): the page keeps the bundles in IndexedDB and sends
 * their bytes; the worker decodes them (checksum verified), keeps a few decoded, and plans on them.
 */
import type { GeocodeResult, RouteFindBody, RouteFindResponse } from '@wings/contract'

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
  /** Place search over the places of the bundles `versions`; `bytes` only of those the worker said it lacks. */
  | ({ id: number; type: 'search'; versions: string[]; bytes?: Record<string, ArrayBuffer> } & KeptSearch)

/** A search of the kept places: `recent` are ids or names of places she chose before, most recent first. */
export interface KeptSearch {
  q: string
  recent: string[]
  limit: number
  near?: [number, number]
}

/** A kept place as GET /api/geocode/search answers one. */
export type KeptPlace = Pick<GeocodeResult, 'place_id' | 'display_name' | 'lat' | 'lon' | 'type' | 'kind'>

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
  | { id: number; ok: true; places: KeptPlace[] }
  | { id: number; ok: false; missing: true }
  /** A search's bundles the worker does not hold: the page sends their bytes. */
  | { id: number; ok: false; missing: true; versions: string[] }
  | { id: number; ok: false; problem: PhoneProblem }
