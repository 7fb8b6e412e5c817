/**
 * What the route worker does (worker.ts posts these answers): decode a bundle, verifying its checksum, plan a trip
 * on one with @wings/area-bundle's planRoutes, the server's routes and scores, and search the kept places
 * (keptIndex.ts). Kept apart from the Worker glue so tests call it directly.
 */
import { type AreaBundle, AreaBundleError, decodeAreaBundle, planRoutes } from '@wings/area-bundle'
import { forgetIndex, searchAnswer } from './keptIndex.ts'
import type { BundleInfo, PhoneProblem, WorkerAnswer, WorkerRequest } from './protocol.ts'

/** Decoded bundles kept in the worker (a few MB each): a trip and its way back, a saved area and the one around her. */
export const DECODED_KEPT = 3

const decoded = new Map<string, AreaBundle>()

function remember(bundle: AreaBundle): void {
  decoded.delete(bundle.meta.version)
  decoded.set(bundle.meta.version, bundle)
  while (decoded.size > DECODED_KEPT) decoded.delete(decoded.keys().next().value as string)
}

export const infoOf = ({ meta }: AreaBundle): BundleInfo => ({
  version: meta.version,
  box: meta.box,
  importedAt: meta.region.importedAt,
  dataDate: meta.region.dataDate,
  signalsVersion: meta.signalsVersion,
})

/** A planner error as the page can tell her: which end is outside, else the planner's reason. */
export function problemOf(error: unknown): PhoneProblem {
  if (error instanceof AreaBundleError) return { code: 'corrupt' }
  const { end, message } = (error ?? {}) as { end?: unknown; message?: unknown }
  if (end === 'source' || end === 'destination' || end === 'both') return { code: 'outside', end }
  const text = typeof message === 'string' ? message : String(error)
  const errorCode = (error as { code?: unknown } | null)?.code
  return typeof errorCode === 'string'
    ? { code: 'refused', errorCode, message: text }
    : { code: 'failed', message: text }
}

export function answer(request: WorkerRequest): WorkerAnswer {
  const { id } = request
  try {
    if (request.type === 'verify') {
      const bundle = decodeAreaBundle(new Uint8Array(request.bytes))
      remember(bundle)
      return { id, ok: true, info: infoOf(bundle) }
    }
    if (request.type === 'search') return searchAnswer(request, placesOf)
    let bundle = decoded.get(request.version)
    if (!bundle && request.bytes) bundle = decodeAreaBundle(new Uint8Array(request.bytes))
    if (!bundle) return { id, ok: false, missing: true }
    remember(bundle)
    const { routes } = planRoutes(bundle, request.body, { now: new Date(request.now) })
    return { id, ok: true, routes }
  } catch (error) {
    return { id, ok: false, problem: problemOf(error) }
  }
}

/**
 * A bundle's places for search: from the bundles held decoded, else decoded from its bytes (and held, as a trip is
 * often planned next). A damaged bundle is left out of the search; planning on it drops it (onPhone.ts).
 */
function placesOf(version: string, bytes?: ArrayBuffer) {
  const held = decoded.get(version)
  if (held) return held.places
  if (!bytes) return undefined
  try {
    const bundle = decodeAreaBundle(new Uint8Array(bytes))
    remember(bundle)
    return bundle.places
  } catch (error) {
    if (error instanceof AreaBundleError) return []
    throw error
  }
}

/** Forgets the decoded bundles and the place index (tests). */
export function forgetDecoded(): void {
  decoded.clear()
  forgetIndex()
}
