/** Test helpers for the map module: fake tile responses and direct tile rows. */
import { vi } from 'vitest'
import { db, type TileRow } from '../../db/db.ts'

/** A PNG-typed answer of `bytes` bytes (the first byte tells tiles apart). */
export function pngResponse(bytes: number, marker = 1): Response {
  const body = new Uint8Array(bytes)
  body[0] = marker
  return new Response(body, { status: 200, headers: { 'Content-Type': 'image/png' } })
}

/** A tile row as the cache stores it. */
export function tileRow(url: string, bytes: number, extra: Partial<TileRow> = {}): TileRow {
  return {
    url,
    data: new Uint8Array(bytes).buffer,
    type: 'image/png',
    bytes,
    usedAt: Date.now(),
    areas: [],
    version: 'v1',
    ...extra,
  }
}

/** Stubs fetch: every URL answers a PNG of `bytes` bytes unless `answer` says otherwise. */
export function stubTileFetch(answer?: (url: string, init?: RequestInit) => Response | Promise<Response>, bytes = 100) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => (answer ? answer(url, init) : pngResponse(bytes)))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

export function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
}

export async function tileUrls(): Promise<string[]> {
  return (await db.tiles.toCollection().primaryKeys()).sort()
}

/** A promise that rejects with an AbortError when `signal` aborts (a request that never answers by itself). */
export function hangUntilAborted(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'))
    if (signal?.aborted) fail()
    signal?.addEventListener('abort', fail, { once: true })
  })
}
