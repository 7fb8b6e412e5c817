/**
 * The one IndexedDB schema of the app (Dexie), versioned. Add a new `db.version(n)` block for any
 * change; never edit a published version.
 */
import { HELPLINES, type Helpline, type User } from '@wings/contract'
import { Dexie, type EntityTable } from 'dexie'

/** The signed-in user: one row under the key 'me'. */
export interface UserRow {
  key: 'me'
  user: User
  savedAt: number
}

export interface HelplineRow extends Helpline {
  /** Position in the spec's list. */
  order: number
}

export interface SavedRouteRow {
  _id: string
  currentLocationName: string
  currentLocation: [number, number]
  destinationLocationName: string
  destinationLocation: [number, number]
}

export interface DraftRow {
  _id: string
  title: string
  content: string
  updatedAt: number
}

export interface StoryRow {
  _id: string
  title: string
  content: string
  author: string
  createdAt: string
  likes: number
  dislikes: number
  views: number
}

export interface RecentPlaceRow {
  placeId: string
  displayName: string
  lat: number
  lon: number
  usedAt: number
}

/** A local write waiting to be pushed to the server (ARCHITECTURE.md, sync protocol). */
export interface OutboxRow {
  opId: string
  type: string
  payload: unknown
  createdAt: number
}

/** A write the server rejected: kept so the person can see what did not go through. */
export interface ConflictRow {
  opId: string
  type: string
  payload: unknown
  code: string
  message: string
  createdAt: number
}

export interface MetaRow {
  key: string
  value: unknown
}

export type WingsDb = Dexie & {
  user: EntityTable<UserRow, 'key'>
  helplines: EntityTable<HelplineRow, 'number'>
  savedRoutes: EntityTable<SavedRouteRow, '_id'>
  drafts: EntityTable<DraftRow, '_id'>
  stories: EntityTable<StoryRow, '_id'>
  recentPlaces: EntityTable<RecentPlaceRow, 'placeId'>
  outbox: EntityTable<OutboxRow, 'opId'>
  conflicts: EntityTable<ConflictRow, 'opId'>
  meta: EntityTable<MetaRow, 'key'>
}

export const db = new Dexie('wings') as WingsDb

db.version(1).stores({
  user: 'key',
  helplines: 'number, order',
  savedRoutes: '_id',
  drafts: '_id, updatedAt',
  stories: '_id, createdAt',
  recentPlaces: 'placeId, usedAt',
  outbox: 'opId, createdAt',
  conflicts: 'opId, createdAt',
  meta: 'key',
})

export function helplineRows(): HelplineRow[] {
  return HELPLINES.map((h, order) => ({ name: h.name, number: h.number, order }))
}

// First run: the helplines are on the phone from the start, so they show offline.
db.on('populate', (tx) => {
  void tx.table('helplines').bulkAdd(helplineRows())
})

/** Makes sure the stored helplines match the list this version of the app ships with. */
export async function ensureHelplines(): Promise<void> {
  const rows = await db.helplines.orderBy('order').toArray()
  const expected = helplineRows()
  const same =
    rows.length === expected.length &&
    rows.every((row, i) => row.number === expected[i]?.number && row.name === expected[i]?.name)
  if (same) return
  await db.transaction('rw', db.helplines, async () => {
    await db.helplines.clear()
    await db.helplines.bulkAdd(expected)
  })
}
