import type { Locator } from 'playwright-core'
import { expect } from 'vitest'

/** Scrolls to the map in `scope`, as she does: a map loads when it comes near the screen. */
export async function mapIn(scope: Locator, name: string | RegExp): Promise<Locator> {
  // The placeholder, a region of the same name, gives way to the map as it loads: scroll to it until the map is there.
  const map = scope.getByRole('region', { name }).and(scope.locator('.leaflet-container'))
  await expect
    .poll(
      async () => {
        await scope
          .locator('.map-view')
          .first()
          .scrollIntoViewIfNeeded({ timeout: 2000 })
          .catch(() => undefined)
        return map.count()
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0)
  return map
}

/** The map has drawn tiles. */
export async function expectTilesLoaded(map: Locator): Promise<void> {
  await expect
    .poll(() => map.locator('.map-tiles .leaflet-tile-loaded').count(), { timeout: 15_000 })
    .toBeGreaterThan(0)
}

/** Run in the page: deletes the map tiles no saved area holds (straight in IndexedDB); answers how many are left. */
export async function forgetShownTiles(): Promise<number> {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('wings')
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
  })
  let left = 0
  await new Promise<void>((resolve, reject) => {
    const tx = idb.transaction('tiles', 'readwrite')
    const cursor = tx.objectStore('tiles').openCursor()
    cursor.onsuccess = () => {
      const at = cursor.result
      if (!at) return
      if ((at.value as { areas: string[] }).areas.length === 0) at.delete()
      else left++
      at.continue()
    }
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
  })
  idb.close()
  return left
}
