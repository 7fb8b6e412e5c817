/**
 * The area bundles kept on the phone (docs/planner.md, Kept on the phone): fetched (If-None-Match when one is kept),
 * verified by decoding before they are stored, dropped and fetched once more when damaged, evicted oldest-used first
 * among the automatic ones when over her budget or when storage is full. Saved areas' pieces go only with the area.
 */
import { type AreaBundleRow, db } from '../../db/db.ts'
import { isQuotaError } from '../../db/storage.ts'
import { areaQuery, type Box, clip, contains, piecesOf } from './boxes.ts'
import { PhoneRouteError, verifyBundle } from './client.ts'
import type { BundleInfo } from './protocol.ts'

/** The storage budget she starts with, and the choices the offline-maps screen offers. */
export const DEFAULT_BUDGET_BYTES = 50 * 1024 * 1024
export const BUDGET_CHOICES_MB = [20, 50, 100, 200, 500] as const
export const BUDGET_KEY = 'areaBundleBudget'
/** Areas she asked to keep while offline (a trip's missing end): fetched when she is online again. */
export const WANTED_KEY = 'areaBundleWanted'
/** A bundle confirmed by the server this recently is not asked about again (ms). */
export const FRESH_MS = 10 * 60 * 1000

/** The region as the phone last knew it (GET /api/region): bundles of another import are stale. */
export interface RegionRef {
  importedAt: string
  bbox: Box
}

/** Why keeping an area failed: 'space' (storage full even after the automatic areas went), 'network', 'corrupt'. */
export class KeepError extends Error {
  readonly reason: 'space' | 'network' | 'corrupt'
  constructor(reason: 'space' | 'network' | 'corrupt') {
    super(reason)
    this.name = 'KeepError'
    this.reason = reason
  }
}

export interface KeepOptions {
  kind: 'saved' | 'auto'
  /** The saved map area the pieces belong to. */
  areaId?: string
  region: RegionRef
  signal?: AbortSignal
  /** Decodes and verifies (the worker; tests pass the decoder itself). */
  verify?: (bytes: ArrayBuffer) => Promise<BundleInfo>
}

export async function budgetBytes(): Promise<number> {
  const value = (await db.meta.get(BUDGET_KEY).catch(() => undefined))?.value
  return typeof value === 'number' && value > 0 ? value : DEFAULT_BUDGET_BYTES
}

export async function setBudgetBytes(bytes: number): Promise<void> {
  await db.meta.put({ key: BUDGET_KEY, value: bytes })
  await evictToBudget()
}

/** Deletes automatic bundles, oldest used first, until everything kept fits `budget` (never a saved area's). */
export async function evictToBudget(budget?: number, keep: ReadonlySet<string> = new Set()): Promise<number> {
  const limit = budget ?? (await budgetBytes())
  const rows = await db.areaBundles.orderBy('lastUsed').toArray()
  let total = rows.reduce((sum, r) => sum + r.size, 0)
  const gone: string[] = []
  for (const row of rows) {
    if (total <= limit) break
    if (row.kind !== 'auto' || keep.has(row.id)) continue
    gone.push(row.id)
    total -= row.size
  }
  await deleteBundles(gone)
  return gone.length
}

async function fetchBundle(box: Box, etag: string | undefined, signal?: AbortSignal) {
  let response: Response
  try {
    response = await fetch(`/api/offline/area?${areaQuery(box)}`, {
      credentials: 'omit',
      headers: etag ? { 'If-None-Match': etag } : {},
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new KeepError('network')
  }
  if (response.status === 304) return 'same' as const
  // Outside the region, or no region: nothing to keep there (the planner says so for trips there).
  if (response.status === 422 || response.status === 503) return 'none' as const
  if (!response.ok) throw new KeepError('network')
  return response.arrayBuffer()
}

/** Deletes bundles and their bytes. */
export function deleteBundles(ids: string[]): Promise<void> {
  return db.transaction('rw', db.areaBundles, db.areaBundleData, async () => {
    await db.areaBundles.bulkDelete(ids)
    await db.areaBundleData.bulkDelete(ids)
  })
}

const put = (row: AreaBundleRow, bytes: ArrayBuffer) =>
  db.transaction('rw', db.areaBundles, db.areaBundleData, async () => {
    await db.areaBundleData.put({ id: row.id, bytes })
    await db.areaBundles.put(row)
  })

/** Stores the bundle; when storage is full, the automatic bundles go first and it is tried once more. */
async function store(row: AreaBundleRow, bytes: ArrayBuffer): Promise<void> {
  try {
    await put(row, bytes)
  } catch (error) {
    if (!isQuotaError(error)) throw error
    const autos = await db.areaBundles.where('kind').equals('auto').primaryKeys()
    await deleteBundles(autos.filter((id) => id !== row.id))
    try {
      await put(row, bytes)
    } catch (again) {
      throw isQuotaError(again) ? new KeepError('space') : again
    }
  }
}

/**
 * Keeps one piece under `id`: a 304 keeps what is there; a new bundle is verified, then stored; a damaged one is
 * fetched once more without If-None-Match, then given up ('corrupt'). Answers whether anything is kept.
 */
export async function keepPiece(id: string, box: Box, options: KeepOptions): Promise<boolean> {
  const verify = options.verify ?? verifyBundle
  const kept = await db.areaBundles.get(id)
  const current = kept && kept.importedAt === options.region.importedAt ? kept : undefined
  const now = Date.now()
  for (let attempt = 0; attempt < 2; attempt++) {
    const bytes = await fetchBundle(box, attempt === 0 ? current?.version : undefined, options.signal)
    if (bytes === 'none') return false
    if (bytes === 'same') {
      await db.areaBundles.update(id, { checkedAt: now, lastUsed: now })
      return true
    }
    let info: BundleInfo
    try {
      info = await verify(bytes)
    } catch (error) {
      if (error instanceof PhoneRouteError && error.problem.code === 'corrupt') continue
      throw error
    }
    await store(
      {
        id,
        kind: options.kind,
        areaId: options.areaId ?? '',
        box,
        size: bytes.byteLength,
        version: info.version,
        importedAt: info.importedAt,
        dataDate: info.dataDate,
        signalsVersion: info.signalsVersion,
        checkedAt: now,
        lastUsed: now,
      },
      bytes,
    )
    return true
  }
  // Damaged twice: whatever was kept under this id is not trusted either.
  await deleteBundles([id])
  throw new KeepError('corrupt')
}

const autoId = (box: Box) => `auto:${areaQuery(box)}`

/**
 * Keeps the area (clipped to the region, in pieces of at most 0.1 degrees). Automatic areas already inside a kept
 * bundle of this import are only marked as used. Then the automatic ones are evicted down to the budget.
 */
export async function keepArea(box: Box, options: KeepOptions): Promise<void> {
  const within = clip(box, options.region.bbox)
  if (!within) return
  const pieces = piecesOf(within)
  const ids: string[] = []
  for (const [i, piece] of pieces.entries()) {
    options.signal?.throwIfAborted()
    if (options.kind === 'auto') {
      const holding = (await db.areaBundles.toArray()).find(
        (r) => r.importedAt === options.region.importedAt && contains(r.box, piece),
      )
      if (holding) {
        await db.areaBundles.update(holding.id, { lastUsed: Date.now() })
        continue
      }
    }
    const id = options.kind === 'saved' ? `saved:${options.areaId}:${i}` : autoId(piece)
    if (await keepPiece(id, piece, options)) ids.push(id)
  }
  await evictToBudget(undefined, new Set(ids))
}

/** Deletes a saved map area's bundles (with the area). */
export async function dropSavedArea(areaId: string): Promise<void> {
  await deleteBundles(await db.areaBundles.where('areaId').equals(areaId).primaryKeys())
}

/**
 * Fetches the road data of saved map areas that have none, then asks the server about every kept bundle not
 * confirmed in the last FRESH_MS: a 304 keeps it, a changed one (signals,
 * a new import) replaces it. Best effort: stops at the first network failure.
 */
export async function refreshKept(region: RegionRef, options: Pick<KeepOptions, 'verify' | 'signal'> = {}) {
  // A saved map area whose road data could not be fetched when it was saved gets it now.
  const withData = new Set((await db.areaBundles.where('kind').equals('saved').toArray()).map((r) => r.areaId))
  for (const area of await db.offlineAreas.toArray()) {
    if (withData.has(area.id)) continue
    try {
      await keepArea(area.bbox, { ...options, kind: 'saved', areaId: area.id, region })
    } catch (error) {
      if (error instanceof KeepError && error.reason === 'network') return
    }
  }
  const rows = await db.areaBundles.toArray()
  const now = Date.now()
  for (const row of rows) {
    if (row.importedAt === region.importedAt && now - row.checkedAt < FRESH_MS) continue
    try {
      await keepPiece(row.id, row.box, { ...options, kind: row.kind, areaId: row.areaId, region })
    } catch (error) {
      if (error instanceof KeepError && error.reason === 'network') return
    }
  }
}

/** Remembers an area to keep when she is online again (a trip's missing end, asked for offline). */
export async function wantArea(box: Box): Promise<void> {
  const wanted = ((await db.meta.get(WANTED_KEY))?.value as Box[] | undefined) ?? []
  await db.meta.put({ key: WANTED_KEY, value: [...wanted, box] })
}

/** Keeps the areas she asked for offline; those kept leave the list. */
export async function keepWanted(region: RegionRef, options: Pick<KeepOptions, 'verify'> = {}): Promise<void> {
  const wanted = ((await db.meta.get(WANTED_KEY))?.value as Box[] | undefined) ?? []
  const left: Box[] = []
  for (const box of wanted) {
    try {
      await keepArea(box, { ...options, kind: 'auto', region })
    } catch {
      left.push(box)
    }
  }
  await db.meta.put({ key: WANTED_KEY, value: left })
}

/** What is kept: bytes of saved areas' bundles and of automatic ones. */
export async function keptUsage(): Promise<{ saved: number; auto: number }> {
  const usage = { saved: 0, auto: 0 }
  await db.areaBundles.each((row) => {
    usage[row.kind] += row.size
  })
  return usage
}
