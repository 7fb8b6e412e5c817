/**
 * The one IndexedDB schema of the app (Dexie), versioned. Add a new `db.version(n)` block for any
 * change; never edit a published version.
 */
import type { Helpline, NearbyArea, SavedRouteDetail, User } from '@wings/contract'
import { Dexie, type EntityTable, type Table } from 'dexie'

/** The signed-in user: one row under the key 'me'. */
export interface UserRow {
  key: 'me'
  /** What the app shows: the server's copy with her changes still in the outbox applied on top. */
  user: User
  /** The server's last known copy (absent in rows stored before version 3: then `user` is it). */
  server?: User
  savedAt: number
}

export interface HelplineRow extends Helpline {
  /** Position in the app's list (@wings/contract's HELPLINES). */
  order: number
}

export interface SavedRouteRow {
  _id: string
  /** The account it belongs to (several people can use one phone). */
  userId?: string
  currentLocationName: string
  currentLocation: [number, number]
  destinationLocationName: string
  destinationLocation: [number, number]
  /** The route she chose, so it draws again offline (absent for routes saved without one). */
  route?: SavedRouteDetail
  /** ISO date-time (absent in rows stored before version 5). */
  createdAt?: string
}

/** A map tile kept for offline use: shown once (LRU-evicted) or part of a saved area (kept until the area goes). */
export interface TileRow {
  /** The tile's URL as fetched. */
  url: string
  data: ArrayBuffer
  type: string
  bytes: number
  /** Last time it was shown (ms): the LRU order among tiles no saved area holds. */
  usedAt: number
  /** Ids of the saved areas holding it; empty for tiles only cached because they were shown. */
  areas: string[]
  /** The region import it was drawn from (GET /api/region importedAt): tiles of an older import are refreshed. */
  version: string
}

/** A map area saved for offline use. */
export interface OfflineAreaRow {
  id: string
  name: string
  /** [minLon, minLat, maxLon, maxLat] */
  bbox: [number, number, number, number]
  minZoom: number
  maxZoom: number
  tileCount: number
  bytes: number
  createdAt: number
}

/**
 * The places of help of an area, kept so Nearest help answers offline (GET /api/nearby/area, docs/nearby.md): the id
 * of the saved map area it came with (deleted with it), or NEARBY_HERE for the one kept around her last position.
 */
export interface NearbyAreaRow {
  id: string
  /** When it was fetched (ms): what the screen says offline ('saved at 14:05'). */
  savedAt: number
  pack: NearbyArea
}

export interface DraftRow {
  _id: string
  userId?: string
  title: string
  content: string
  updatedAt: number
  /** Her 'Post anonymously' choice; absent in drafts stored before drafts kept it, which are not anonymous. */
  anonymous?: boolean
}

/** A story cached for reading offline (or written on this phone and not yet synced). */
export interface StoryRow {
  _id: string
  title: string
  content: string
  author: string
  /** The author's id: sent only for stories that are not anonymous, and to their author (for "My posts"). */
  authorId?: string
  anonymous?: boolean
  createdAt: string
  likes: number
  dislikes: number
  views: number
  /** Her own story, held in review by reports (only its author is ever told). */
  underReview?: boolean
}

/**
 * A list of stories as the server last answered it (a feed page, a sidebar list, the saved posts), by key:
 * 'feed:<page>', 'trending', 'mostliked', 'mostviewed', 'recent', 'saved:<userId>'. The stories are in `stories`.
 */
export interface StoryListRow {
  key: string
  ids: string[]
  /** Feed pages only. */
  totalPages?: number
  /** Titles the server sent with the list (saved posts answer only ids and titles). */
  titles?: Record<string, string>
  savedAt: number
}

/** One of the people her SOS texts. */
export interface TrustedContactRow {
  _id: string
  /** The account it belongs to (synced); null when it is kept on this phone only (added signed out). */
  userId: string | null
  name: string
  /** Normalized (normalizePhone): '+' and digits. */
  phone: string
  /** ISO date-time: the list is in the order she added them. */
  createdAt: string
}

export interface RecentPlaceRow {
  placeId: string
  displayName: string
  lat: number
  lon: number
  usedAt: number
}

/**
 * One area bundle (GET /api/offline/area, docs/planner.md "Kept on the phone") for planning routes offline, stored
 * only once @wings/area-bundle decoded it (its checksum verified).
 */
export interface AreaBundleRow {
  /** 'saved:<area id>:<piece>' for a saved map area's pieces, 'auto:<box>' for those kept by themselves. */
  id: string
  /** 'saved' goes only with its map area; 'auto' (around a trip, around her) is evicted oldest-used first. */
  kind: 'saved' | 'auto'
  /** The saved map area it belongs to ('' for automatic ones). */
  areaId: string
  /** The box asked for, [west, south, east, north]: trips with both ends in it route as on the server. */
  box: [number, number, number, number]
  /** Bytes of the bundle (in areaBundleData, so listing and sizing the kept ones never reads megabytes). */
  size: number
  /** The bundle's version (its ETag, sent back as If-None-Match). */
  version: string
  /** The region's import it was built from (GET /api/region importedAt): another import makes it stale. */
  importedAt: string
  /** The date of the region's map data ('' when unknown), what the planner shows with a route planned here. */
  dataDate: string
  signalsVersion: string
  /** When it was fetched or last confirmed by the server (ms). */
  checkedAt: number
  /** When a trip was last planned on it, or it was kept again (ms): the eviction order. */
  lastUsed: number
}

/** The bytes of an area bundle (areaBundles has its description): written and deleted with it. */
export interface AreaBundleDataRow {
  id: string
  bytes: ArrayBuffer
}

/** A local write waiting to be pushed to the server (docs/sync.md, Client). */
export interface OutboxRow {
  /** Auto-increment: the order the ops were made in, and so the order they are pushed in. */
  seq?: number
  opId: string
  type: string
  payload: unknown
  /** ISO date-time when the change was made. */
  createdAt: string
  /** The account that made a user-scoped op ('user' auth); null for ops anyone may send. */
  userId: string | null
  /** What the op changes, e.g. 'user:<id>': ops of one entity are pushed in order, never one past another. */
  entity: string
}

/** A write the server rejected: kept so the person can see what did not go through, until she dismisses it. */
export interface ConflictRow {
  opId: string
  type: string
  payload: unknown
  userId: string | null
  code: string
  message: string
  /** ISO date-time of the change. */
  createdAt: string
  /** ISO date-time of the rejection. */
  at: string
}

/** An audio recording made from the SOS sheet (docs/evidence.md), kept here as it records, then uploaded. */
export interface RecordingRow {
  /** A UUID made on the phone: the recording's id on the server too. */
  id: string
  /** The account it is uploaded to; null when it was made logged out (it goes to whoever logs in on this phone). */
  userId: string | null
  mimeType: string
  /** ISO date-time. */
  startedAt: string
  place?: { lat: number; lon: number; accuracy?: number }
  /** Chunks stored on the phone (recordingChunks seq 0 to chunks - 1). */
  chunks: number
  bytes: number
  /** How long it lasts so far. */
  durationMs: number
  /** 'recording' while the recorder runs; 'stopped' once she stopped it (or the page that recorded it died). */
  state: 'recording' | 'stopped'
  /** Chunks the server confirmed it has. */
  uploaded: number
  /** The server has all of it and it is finished there. */
  complete: boolean
  /** She deleted it: gone from her list, waiting for the server's delete. */
  deleting?: true
  /** Why the server refused it, as she was told (in her language then): it is not sent again. */
  refused?: { code: string; message: string }
}

/** One piece of a recording's audio, stored the moment the recorder hands it over. */
export interface RecordingChunkRow {
  recordingId: string
  seq: number
  data: ArrayBuffer
}

/** Small named values: 'clientId', 'cursor:<userId>', 'pausedFor' (see sync/engine.ts), 'planner' (the planner's state). */
export interface MetaRow {
  key: string
  value: unknown
}

export type WingsDb = Dexie & {
  user: EntityTable<UserRow, 'key'>
  helplines: EntityTable<HelplineRow, 'number'>
  savedRoutes: EntityTable<SavedRouteRow, '_id'>
  trustedContacts: EntityTable<TrustedContactRow, '_id'>
  drafts: EntityTable<DraftRow, '_id'>
  stories: EntityTable<StoryRow, '_id'>
  storyLists: EntityTable<StoryListRow, 'key'>
  recentPlaces: EntityTable<RecentPlaceRow, 'placeId'>
  tiles: EntityTable<TileRow, 'url'>
  offlineAreas: EntityTable<OfflineAreaRow, 'id'>
  nearbyAreas: EntityTable<NearbyAreaRow, 'id'>
  outbox: EntityTable<OutboxRow, 'seq'>
  conflicts: EntityTable<ConflictRow, 'opId'>
  meta: EntityTable<MetaRow, 'key'>
  recordings: EntityTable<RecordingRow, 'id'>
  recordingChunks: Table<RecordingChunkRow, [string, number]>
  areaBundles: EntityTable<AreaBundleRow, 'id'>
  areaBundleData: EntityTable<AreaBundleDataRow, 'id'>
}

/** The first published schema: phones may still hold a database made with it (the upgrade test makes one). */
export const SCHEMA_V1 = {
  user: 'key',
  helplines: 'number, order',
  savedRoutes: '_id',
  drafts: '_id, updatedAt',
  stories: '_id, createdAt',
  recentPlaces: 'placeId, usedAt',
  outbox: 'opId, createdAt',
  conflicts: 'opId, createdAt',
  meta: 'key',
} as const

/** Declares every version of the schema on `target` (the app's `db`; tests use it on a database of their own). */
export function declareSchema(target: Dexie): void {
  target.version(1).stores(SCHEMA_V1)
  // The outbox gets an auto-increment primary key (push order). IndexedDB cannot change a primary key in place, so
  // version 2 drops the version 1 outbox (nothing ever wrote to it) and version 3 makes it again.
  target.version(2).stores({ outbox: null })
  target.version(3).stores({
    outbox: '++seq, &opId, userId, entity',
    conflicts: 'opId, at',
    savedRoutes: '_id, userId',
    drafts: '_id, userId, updatedAt',
  })
  // Version 4: the blog. Stories by author (My posts, offline too) and the cached lists of the feed and sidebar.
  target.version(4).stores({
    stories: '_id, createdAt, authorId',
    storyLists: 'key',
  })
  // Version 5: maps. Tiles by last use (LRU) and by the saved areas that hold them; saved routes by date.
  target.version(5).stores({
    tiles: 'url, usedAt, *areas',
    offlineAreas: 'id, createdAt',
    savedRoutes: '_id, userId, createdAt',
  })
  // Version 6: trusted contacts, hers by userId (device-only ones have none, so they are not in that index).
  target.version(6).stores({
    trustedContacts: '_id, userId',
  })
  // Version 7: nearest help offline, the places of help per saved area (its id) or around her ('here').
  target.version(7).stores({
    nearbyAreas: 'id, savedAt',
  })
  // Version 8: evidence recordings (docs/evidence.md) and their audio chunk by chunk, in order.
  target.version(8).stores({
    recordings: 'id, userId, startedAt',
    recordingChunks: '[recordingId+seq], recordingId',
  })
  // Version 9: area bundles for planning offline (docs/planner.md, Kept on the phone), by kind, saved area and last use.
  target.version(9).stores({
    areaBundles: 'id, kind, areaId, lastUsed',
    areaBundleData: 'id',
  })
}

export const db = new Dexie('wings') as WingsDb
declareSchema(db)
