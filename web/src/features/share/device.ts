/**
 * This phone's id for the server's share limit, which counts per phone rather than per IP (many phones share one
 * carrier's address). Random, made once, kept in the `meta` table. Not the sync client id, so that her anonymous
 * shares cannot be linked to her signed-in writes.
 */
import { SHARE_DEVICE_ID_PATTERN } from '@wings/contract'
import { db } from '../../db/db.ts'

export const DEVICE_ID_KEY = 'shareDeviceId'

const isDeviceId = (value: unknown): value is string =>
  typeof value === 'string' && new RegExp(SHARE_DEVICE_ID_PATTERN).test(value)

/** 16 random bytes in base64url: getRandomValues works on plain http too, where randomUUID does not. */
function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

/** The id, made on first use; undefined when the phone's database cannot be used (a share must start anyway). */
export async function shareDeviceId(): Promise<string | undefined> {
  try {
    return await db.transaction('rw', db.meta, async () => {
      const stored = (await db.meta.get(DEVICE_ID_KEY))?.value
      if (isDeviceId(stored)) return stored
      const id = newDeviceId()
      await db.meta.put({ key: DEVICE_ID_KEY, value: id })
      return id
    })
  } catch {
    return undefined
  }
}
