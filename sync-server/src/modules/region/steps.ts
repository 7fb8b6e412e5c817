import { geocodeImportStep } from '../geocode/import.ts'
import { nearbyImportStep } from '../nearby/import.ts'
import { tilesImportStep } from '../tiles/import.ts'
import type { ImportStep } from './import-step.ts'
import { regionMetadataStep } from './metadata.ts'

/**
 * Every step of a region import, run in order inside the import's one transaction after the road graph and the
 * safety features are written to the new folder. A step that throws aborts the whole import and leaves the old
 * region as it was.
 */
export const IMPORT_STEPS: readonly ImportStep[] = [
  regionMetadataStep,
  geocodeImportStep,
  tilesImportStep,
  nearbyImportStep,
]
