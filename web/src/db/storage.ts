/** Storage health: persistent storage and a full disk. */
import { t } from '../sync/messages.ts'

/** The full-disk message in English (saveFailedMessage gives it in her language). */
export const STORAGE_FULL_MESSAGE =
  'Your phone is out of storage space: Wings could not save this. Free some space and try again.'

const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED'])
/** The legacy DOMException code of QuotaExceededError. */
const QUOTA_CODE = 22

/**
 * True when `error` is, or wraps, a full-disk error. IndexedDB aborts the transaction and Dexie may hand it on as an
 * AbortError (or a BulkError) that holds the real cause in `inner`, `cause` or `failures`.
 */
export function isQuotaError(error: unknown): boolean {
  const seen = new Set<unknown>()
  const queue: unknown[] = [error]
  while (queue.length > 0) {
    const item = queue.shift()
    if (item === null || typeof item !== 'object' || seen.has(item)) continue
    seen.add(item)
    const e = item as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown; failures?: unknown }
    if (typeof e.name === 'string' && QUOTA_NAMES.has(e.name)) return true
    if (e.code === QUOTA_CODE && item instanceof DOMException) return true
    queue.push(e.inner, e.cause)
    if (Array.isArray(e.failures)) queue.push(...e.failures)
    else if (e.failures && typeof e.failures === 'object') queue.push(...Object.values(e.failures))
  }
  return false
}

/** What to tell the person when saving failed: the full-disk message in her language, else `fallback`. */
export function saveFailedMessage(error: unknown, fallback: string): string {
  return isQuotaError(error) ? t('storageFull') : fallback
}

let asked = false

/**
 * Asks the browser once per start to keep Wings' data when space runs low (it may say no; then it is still kept
 * unless the disk fills up). Answers whether the storage is persistent.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (asked || !storage?.persist) return false
  asked = true
  try {
    if (storage.persisted && (await storage.persisted())) return true
    return await storage.persist()
  } catch {
    return false
  }
}
