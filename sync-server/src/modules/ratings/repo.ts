import type { Db } from '../../db/connection.ts'
import type { BboxBounds } from '../incidents/grid.ts'
import type { EdgeRatingSum } from '../region/signals.ts'

export interface RouteRatingRow {
  id: string
  mode: 'car' | 'bike' | 'foot'
  rating: number
  tip: string | null
  lat: number
  lon: number
  createdAt: string
}

/** A rating waiting for a publishing batch, with the edges it was matched onto (of the import `region`). */
export interface QueuedRating extends RouteRatingRow {
  region: string
  edges: number[]
}

export const TIPS_LIMIT = 200

export function createRatingsRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO route_ratings (id, mode, rating, tip, lat, lon, created_at)
    VALUES (@id, @mode, @rating, @tip, @lat, @lon, @createdAt)`)
  const queue = db.prepare(`INSERT INTO route_rating_queue (id, mode, rating, tip, lat, lon, created_at, region, edges)
    VALUES (@id, @mode, @rating, @tip, @lat, @lon, @createdAt, @region, @edges)`)
  const waited = db.prepare<
    [],
    Omit<RouteRatingRow, 'createdAt'> & { created_at: string; region: string; edges: string }
  >('SELECT id, mode, rating, tip, lat, lon, created_at, region, edges FROM route_rating_queue WHERE waited = 1')
  const dropWaited = db.prepare('DELETE FROM route_rating_queue WHERE waited = 1')
  const markWaited = db.prepare('UPDATE route_rating_queue SET waited = 1')
  // The stored row's columns are named with their table: PostgreSQL finds a bare name ambiguous beside excluded's.
  const addEdge = db.prepare(`INSERT INTO edge_ratings (region, edge, feedback_sum, ratings) VALUES (?, ?, ?, 1)
    ON CONFLICT (region, edge) DO UPDATE SET feedback_sum = edge_ratings.feedback_sum + excluded.feedback_sum,
      ratings = edge_ratings.ratings + 1`)
  const edges = db.prepare<[string], { edge: number; feedback_sum: number; ratings: number }>(
    'SELECT edge, feedback_sum, ratings FROM edge_ratings WHERE region = ?',
  )
  const tips = db.prepare<
    [number, number, number, number, number],
    { lat: number; lon: number; tip: string; rating: number; created_at: string }
  >(`SELECT lat, lon, tip, rating, created_at FROM route_ratings
    WHERE tip IS NOT NULL AND lat BETWEEN ? AND ? AND lon BETWEEN ? AND ?
    ORDER BY created_at DESC LIMIT ?`)
  return {
    insert(row: RouteRatingRow): void {
      insert.run(row)
    },
    /** Adds one rating's value to each edge's sums (edge numbers of the import `region`). */
    addToEdges(region: string, edgeList: readonly number[], value: number): void {
      for (const edge of edgeList) addEdge.run(region, edge, value)
    },
    /** Keeps a new rating out of sight until a publishing batch. */
    queue(row: QueuedRating): void {
      queue.run({ ...row, edges: JSON.stringify(row.edges) })
    },
    /** The queued ratings that have waited one batch already: the next batch publishes them. */
    waited(): QueuedRating[] {
      return waited.all().map(({ created_at, edges, ...row }) => ({
        ...row,
        createdAt: created_at,
        edges: JSON.parse(edges) as number[],
      }))
    },
    /** Ends a batch: the waited ratings (published by now) leave the queue, with their edges; the rest have waited one. */
    endBatch(): void {
      dropWaited.run()
      markWaited.run()
    },
    edgeSums(region: string): EdgeRatingSum[] {
      return edges.all(region).map((r) => ({ edge: r.edge, feedbackSum: r.feedback_sum, ratings: r.ratings }))
    },
    /** The newest tips in the box, at most TIPS_LIMIT. */
    tips(box: BboxBounds) {
      return tips.all(box.minLat, box.maxLat, box.minLon, box.maxLon, TIPS_LIMIT).map((r) => ({
        lat: r.lat,
        lon: r.lon,
        text: r.tip,
        rating: r.rating,
        createdAt: r.created_at,
      }))
    },
  }
}

export type RatingsRepo = ReturnType<typeof createRatingsRepo>
