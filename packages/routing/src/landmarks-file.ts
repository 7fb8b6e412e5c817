/** Saving and loading the landmarks file (node only; workers use serializeLandmarks/deserializeLandmarks). */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import type { RoadGraph } from './graph.ts'
import { deserializeLandmarks, type Landmarks, serializeLandmarks } from './landmarks.ts'

/** Writes the landmarks atomically (temp file + rename), as saveGraph does the graph. */
export function saveLandmarks(landmarks: Landmarks, path: string): void {
  const tmp = `${path}.tmp-${process.pid}`
  writeFileSync(tmp, serializeLandmarks(landmarks))
  renameSync(tmp, path)
}

export function loadLandmarks(path: string, graph?: RoadGraph): Landmarks {
  return deserializeLandmarks(readFileSync(path), graph)
}
