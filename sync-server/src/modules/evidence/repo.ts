import type { EvidencePlace } from '@wings/contract'
import type { Db } from '../../db/connection.ts'
import { findOne } from '../../db/rows.ts'

interface RecordingRow {
  id: string
  user_id: string
  mime_type: string
  started_at: string
  lat: number | null
  lon: number | null
  accuracy: number | null
  chunks: number
  bytes: number
  duration_ms: number | null
  finished_at: string | null
  created_at: string
}

export interface RecordingRecord {
  id: string
  userId: string
  mimeType: string
  startedAt: string
  place?: EvidencePlace
  /** Chunks stored: the next expected seq. */
  chunks: number
  bytes: number
  /** Set once finished. */
  durationMs: number | null
  finishedAt: string | null
  createdAt: string
}

export interface ChunkRecord {
  sha256: string
  bytes: number
}

const toRecord = (row: RecordingRow): RecordingRecord => ({
  id: row.id,
  userId: row.user_id,
  mimeType: row.mime_type,
  startedAt: row.started_at,
  ...(row.lat !== null && row.lon !== null
    ? { place: { lat: row.lat, lon: row.lon, ...(row.accuracy !== null ? { accuracy: row.accuracy } : {}) } }
    : {}),
  chunks: row.chunks,
  bytes: row.bytes,
  durationMs: row.duration_ms,
  finishedAt: row.finished_at,
  createdAt: row.created_at,
})

const COLUMNS = `id, user_id, mime_type, started_at, lat, lon, accuracy, chunks, bytes, duration_ms, finished_at,
  created_at`

/** Every SQL statement on evidence_recordings and evidence_chunks. */
export function createEvidenceRepo(db: Db) {
  const byId = db.prepare<[string], RecordingRow>(`SELECT ${COLUMNS} FROM evidence_recordings WHERE id = ?`)
  const byUser = db.prepare<[string], RecordingRow>(
    `SELECT ${COLUMNS} FROM evidence_recordings WHERE user_id = ? ORDER BY started_at DESC, id DESC`,
  )
  const userBytes = db.prepare<[string], { total: number | null }>(
    'SELECT SUM(bytes) AS total FROM evidence_recordings WHERE user_id = ?',
  )
  const insert = db.prepare(`INSERT INTO evidence_recordings (${COLUMNS})
    VALUES (@id, @userId, @mimeType, @startedAt, @lat, @lon, @accuracy, 0, 0, NULL, NULL, @createdAt)`)
  const chunkAt = db.prepare<[string, number], ChunkRecord>(
    'SELECT sha256, bytes FROM evidence_chunks WHERE recording_id = ? AND seq = ?',
  )
  const insertChunk = db.prepare(
    'INSERT INTO evidence_chunks (recording_id, seq, sha256, bytes, data) VALUES (?, ?, ?, ?, ?)',
  )
  const grow = db.prepare('UPDATE evidence_recordings SET chunks = chunks + 1, bytes = bytes + ? WHERE id = ?')
  const finish = db.prepare('UPDATE evidence_recordings SET duration_ms = ?, finished_at = ? WHERE id = ?')
  const chunkData = db.prepare<[string, number], { data: Buffer }>(
    'SELECT data FROM evidence_chunks WHERE recording_id = ? AND seq = ?',
  )
  // Chunks first: a database without foreign keys on must not keep orphaned audio.
  const removeChunks = db.prepare('DELETE FROM evidence_chunks WHERE recording_id = ?')
  const remove = db.prepare('DELETE FROM evidence_recordings WHERE id = ?')
  return {
    find: findOne(byId, toRecord),
    /** Hers, newest first. */
    byUser: (userId: string): RecordingRecord[] => byUser.all(userId).map(toRecord),
    /** The bytes all her recordings take. */
    userBytes: (userId: string): number => userBytes.get(userId)?.total ?? 0,
    insert(record: Pick<RecordingRecord, 'id' | 'userId' | 'mimeType' | 'startedAt' | 'place' | 'createdAt'>): void {
      insert.run({
        id: record.id,
        userId: record.userId,
        mimeType: record.mimeType,
        startedAt: record.startedAt,
        lat: record.place?.lat ?? null,
        lon: record.place?.lon ?? null,
        accuracy: record.place?.accuracy ?? null,
        createdAt: record.createdAt,
      })
    },
    chunk: (recordingId: string, seq: number): ChunkRecord | undefined => chunkAt.get(recordingId, seq),
    /** Stores chunk `seq` and counts it on the recording (the caller checked it is the next one). */
    addChunk(recordingId: string, seq: number, sha256: string, data: Buffer): void {
      insertChunk.run(recordingId, seq, sha256, data.length, data)
      grow.run(data.length, recordingId)
    },
    finish(recordingId: string, durationMs: number, finishedAt: string): void {
      finish.run(durationMs, finishedAt, recordingId)
    },
    /** One chunk's bytes (the audio is streamed chunk by chunk, never read into memory whole). */
    chunkData: (recordingId: string, seq: number): Buffer | undefined => chunkData.get(recordingId, seq)?.data,
    delete(recordingId: string): void {
      removeChunks.run(recordingId)
      remove.run(recordingId)
    },
  }
}

export type EvidenceRepo = ReturnType<typeof createEvidenceRepo>
