import type { OsmExtract, RoadGraph } from '@wings/routing'
import type { Database } from 'better-sqlite3'

/** What every step of a region import is given. */
export interface RegionImport {
  /** The extracts being imported, already read (several are merged). */
  extracts: OsmExtract[]
  /** The merged road graph. */
  graph: RoadGraph
  /** The new region's folder: moved into place as `DATA_DIR/region` only once every step has succeeded. */
  dir: string
  /** The database, inside the import's one transaction: a step replaces its own rows for the region. */
  db: Database
}

/**
 * One part of the region data (geocoding index, map-tile data, ...). A step that throws aborts the whole import:
 * the transaction is rolled back, the new folder removed, and the old region stays as it was.
 */
export type ImportStep = (region: RegionImport) => void
