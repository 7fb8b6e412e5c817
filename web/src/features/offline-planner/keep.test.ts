import { decodeAreaBundle } from '@wings/area-bundle'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { server } from '../../test/api.ts'
import type { Box } from './boxes.ts'
import { PhoneRouteError } from './client.ts'
import {
  DEFAULT_BUDGET_BYTES,
  dropSavedArea,
  evictToBudget,
  KeepError,
  keepArea,
  keepPiece,
  keepWanted,
  keptUsage,
  refreshKept,
  setBudgetBytes,
  wantArea,
} from './keep.ts'
import type { BundleInfo } from './protocol.ts'

const REGION = { importedAt: '2026-11-20T00:00:00.000Z', bbox: [72.79, 18.9, 72.86, 18.99] as Box }
const GRANT_ROAD: Box = [72.81, 18.955, 72.825, 18.97]

/** A fake bundle: its text says its version; 'bad' bytes fail verification as a damaged bundle does. */
const bundleBytes = (text: string, size = 1000) => {
  const bytes = new Uint8Array(size)
  bytes.set(new TextEncoder().encode(text))
  return bytes.buffer
}
const textOf = (bytes: ArrayBuffer) => new TextDecoder().decode(new Uint8Array(bytes)).replace(/\0+$/, '')

/** Verifies as the worker does: 'bad…' is a damaged bundle; else 'version/importedAt'. */
async function verify(bytes: ArrayBuffer): Promise<BundleInfo> {
  const text = textOf(bytes)
  if (text.startsWith('bad')) throw new PhoneRouteError({ code: 'corrupt' })
  const [version = '', importedAt = REGION.importedAt] = text.split('/')
  return { version, importedAt, box: [0, 0, 0, 0], dataDate: '2026-11-19', signalsVersion: `s-${version}` }
}

interface Seen {
  query: string
  ifNoneMatch: string | null
}

/** The server: answers each request with the next body (a string: a bundle; a number: that status). */
function areaServer(...answers: (string | number)[]) {
  const seen: Seen[] = []
  server.use(
    http.get('*/api/offline/area', ({ request }) => {
      const url = new URL(request.url)
      seen.push({ query: url.search.slice(1), ifNoneMatch: request.headers.get('if-none-match') })
      const next = answers.length > 1 ? answers.shift() : answers[0]
      if (typeof next === 'number')
        return next === 304 ? new HttpResponse(null, { status: 304 }) : HttpResponse.json({}, { status: next })
      return HttpResponse.arrayBuffer(bundleBytes(next ?? ''), { headers: { etag: next ?? '' } })
    }),
  )
  return seen
}

const rows = () => db.areaBundles.orderBy('id').toArray()

describe('area bundles kept on the phone', () => {
  beforeEach(async () => {
    await db.areaBundles.clear()
    await db.areaBundleData.clear()
    await db.meta.clear()
  })

  it('stores a bundle only once it is verified, with its version, import and size; a 304 keeps it', async () => {
    const seen = areaServer('v1', 304)
    await keepPiece('auto:a', GRANT_ROAD, { kind: 'auto', region: REGION, verify })
    const [row] = await rows()
    expect(row).toMatchObject({ id: 'auto:a', kind: 'auto', box: GRANT_ROAD, version: 'v1', size: 1000 })
    expect(row?.importedAt).toBe(REGION.importedAt)
    expect(textOf((await db.areaBundleData.get('auto:a'))?.bytes as ArrayBuffer)).toBe('v1')
    expect(seen[0]).toEqual({ query: 'south=18.95500&west=72.81000&north=18.97000&east=72.82500', ifNoneMatch: null })

    await keepPiece('auto:a', GRANT_ROAD, { kind: 'auto', region: REGION, verify })
    expect(seen[1]?.ifNoneMatch).toBe('v1')
    expect((await rows())[0]?.version).toBe('v1')
  })

  it('a changed bundle (new signals) replaces the kept one', async () => {
    areaServer('v1', 'v2')
    await keepPiece('auto:a', GRANT_ROAD, { kind: 'auto', region: REGION, verify })
    await keepPiece('auto:a', GRANT_ROAD, { kind: 'auto', region: REGION, verify })
    expect((await rows()).map((r) => [r.version, r.signalsVersion])).toEqual([['v2', 's-v2']])
    expect(textOf((await db.areaBundleData.get('auto:a'))?.bytes as ArrayBuffer)).toBe('v2')
  })

  it('a damaged bundle is dropped and fetched once more; damaged twice, nothing is kept', async () => {
    const seen = areaServer('bad', 'v1')
    await keepPiece('auto:a', GRANT_ROAD, { kind: 'auto', region: REGION, verify })
    expect(seen.length).toBe(2)
    expect((await rows()).map((r) => r.version)).toEqual(['v1'])

    const again = areaServer('bad')
    await expect(keepPiece('auto:a', GRANT_ROAD, { kind: 'auto', region: REGION, verify })).rejects.toMatchObject({
      reason: 'corrupt',
    })
    // The second try does not send the old ETag: the server must send the bundle whole.
    expect(again.map((s) => s.ifNoneMatch)).toEqual(['v1', null])
    expect(await rows()).toEqual([])
    expect(await db.areaBundleData.count()).toBe(0)
  })

  it('the real decoder refuses bytes that are not a bundle', async () => {
    expect(() => decodeAreaBundle(new Uint8Array(bundleBytes('v1')))).toThrow(/Not a Wings area bundle/)
  })

  it('a bundle of an older import is fetched whole, not revalidated', async () => {
    areaServer('v1/2026-01-01T00:00:00.000Z')
    await keepPiece('auto:a', GRANT_ROAD, { kind: 'auto', region: REGION, verify })
    const seen = areaServer('v2')
    await refreshKept(REGION, { verify })
    expect(seen.map((s) => s.ifNoneMatch)).toEqual([null])
    expect((await rows())[0]).toMatchObject({ version: 'v2', importedAt: REGION.importedAt })
  })

  it('refreshes only bundles not confirmed in the last 10 minutes', async () => {
    areaServer('v1')
    await keepPiece('auto:a', GRANT_ROAD, { kind: 'auto', region: REGION, verify })
    const seen = areaServer(304)
    await refreshKept(REGION, { verify })
    expect(seen).toEqual([])
    await db.areaBundles.update('auto:a', { checkedAt: Date.now() - 11 * 60_000 })
    await refreshKept(REGION, { verify })
    expect(seen.map((s) => s.ifNoneMatch)).toEqual(['v1'])
  })

  it('a saved map area without road data (its fetch failed) gets it at the next refresh', async () => {
    await db.offlineAreas.clear()
    await db.offlineAreas.add({
      id: 'area-2',
      name: 'Grant Road',
      bbox: GRANT_ROAD,
      minZoom: 12,
      maxZoom: 16,
      tileCount: 1,
      bytes: 1,
      createdAt: 1,
    })
    const seen = areaServer('v1')
    await refreshKept(REGION, { verify })
    expect((await rows()).map((r) => [r.id, r.kind, r.areaId])).toEqual([['saved:area-2:0', 'saved', 'area-2']])
    await refreshKept(REGION, { verify })
    expect(seen.length).toBe(1)
    await db.offlineAreas.clear()
  })

  it('a saved area larger than 0.1° is fetched in pieces, kept under its id and deleted with it', async () => {
    const seen = areaServer('v1')
    const large: Box = [72.79, 18.9, 72.99, 18.99]
    await keepArea(large, { kind: 'saved', areaId: 'area-1', region: { ...REGION, bbox: [72, 18, 74, 20] }, verify })
    expect(seen.length).toBe(3)
    expect((await rows()).map((r) => r.id)).toEqual(['saved:area-1:0', 'saved:area-1:1', 'saved:area-1:2'])
    for (const row of await rows()) expect(row.box[2] - row.box[0]).toBeLessThan(0.1)
    await dropSavedArea('area-1')
    expect(await rows()).toEqual([])
    expect(await db.areaBundleData.count()).toBe(0)
  })

  it('an area outside the region is not asked for; one inside a kept bundle is only marked used', async () => {
    const seen = areaServer('v1')
    await keepArea([70, 10, 70.01, 10.01], { kind: 'auto', region: REGION, verify })
    expect(seen).toEqual([])
    await keepArea(GRANT_ROAD, { kind: 'auto', region: REGION, verify })
    expect(seen.length).toBe(1)
    await db.areaBundles.toCollection().modify({ lastUsed: 1 })
    await keepArea([72.815, 18.96, 72.82, 18.965], { kind: 'auto', region: REGION, verify })
    expect(seen.length).toBe(1)
    expect((await rows())[0]?.lastUsed).toBeGreaterThan(1)
  })

  it('over the budget, automatic bundles go oldest used first; saved ones never', async () => {
    areaServer('v1')
    await keepPiece('saved:x:0', GRANT_ROAD, { kind: 'saved', areaId: 'x', region: REGION, verify })
    await keepPiece('auto:old', GRANT_ROAD, { kind: 'auto', region: REGION, verify })
    await keepPiece('auto:new', GRANT_ROAD, { kind: 'auto', region: REGION, verify })
    await db.areaBundles.update('saved:x:0', { lastUsed: 0 })
    await db.areaBundles.update('auto:old', { lastUsed: 1 })
    await db.areaBundles.update('auto:new', { lastUsed: 2 })
    expect(await keptUsage()).toEqual({ saved: 1000, auto: 2000 })

    expect(await evictToBudget(2000)).toBe(1)
    expect((await rows()).map((r) => r.id)).toEqual(['auto:new', 'saved:x:0'])
    await setBudgetBytes(500)
    expect((await rows()).map((r) => r.id)).toEqual(['saved:x:0'])
    expect(await db.areaBundleData.count()).toBe(1)
  })

  it('starts with a 50 MB budget', async () => {
    expect(DEFAULT_BUDGET_BYTES).toBe(50 * 1024 * 1024)
  })

  it('storage full: the automatic bundles go and it is stored; still full, she is told (space)', async () => {
    areaServer('v1')
    await keepPiece('auto:old', GRANT_ROAD, { kind: 'auto', region: REGION, verify })
    const full = () => Object.assign(new DOMException('full', 'QuotaExceededError'))
    const put = vi.spyOn(db.areaBundleData, 'put').mockRejectedValueOnce(full())
    await keepPiece('saved:x:0', GRANT_ROAD, { kind: 'saved', areaId: 'x', region: REGION, verify })
    expect((await rows()).map((r) => r.id)).toEqual(['saved:x:0'])

    put.mockRejectedValueOnce(full()).mockRejectedValueOnce(full())
    const failure = keepPiece('saved:y:0', GRANT_ROAD, { kind: 'saved', areaId: 'y', region: REGION, verify })
    await expect(failure).rejects.toBeInstanceOf(KeepError)
    await expect(failure).rejects.toMatchObject({ reason: 'space' })
    put.mockRestore()
  })

  it('no network: KeepError network, nothing kept', async () => {
    server.use(http.get('*/api/offline/area', () => HttpResponse.error()))
    await expect(keepPiece('auto:a', GRANT_ROAD, { kind: 'auto', region: REGION, verify })).rejects.toMatchObject({
      reason: 'network',
    })
    expect(await rows()).toEqual([])
  })

  it('areas asked for offline are kept when she is online again, and leave the list', async () => {
    await wantArea(GRANT_ROAD)
    server.use(http.get('*/api/offline/area', () => HttpResponse.error()))
    await keepWanted(REGION, { verify })
    expect((await db.meta.get('areaBundleWanted'))?.value).toEqual([GRANT_ROAD])
    areaServer('v1')
    await keepWanted(REGION, { verify })
    expect((await db.meta.get('areaBundleWanted'))?.value).toEqual([])
    expect((await rows()).length).toBe(1)
  })
})
