/** Saving and loading the binary graph file (node only; workers can use serializeGraph/deserializeGraph). */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import type { RoadGraph } from './graph.ts'
import { deserializeGraph, serializeGraph } from './serialize.ts'

/** Writes the graph atomically (temp file + rename), so a failed import leaves the old file in place. */
export function saveGraph(graph: RoadGraph, path: string): void {
  const tmp = `${path}.tmp-${process.pid}`
  writeFileSync(tmp, serializeGraph(graph))
  renameSync(tmp, path)
}

export function loadGraph(path: string): RoadGraph {
  return deserializeGraph(readFileSync(path))
}
