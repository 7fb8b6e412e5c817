/** A tile worker (service.ts): draws and encodes tiles off the request thread, from its own copy of tiles.bin. */
import { workerData } from 'node:worker_threads'
import { serveTasks } from '../../worker-pool.ts'
import { drawPng, tileFile } from './tile-file.ts'

export interface TileTask {
  z: number
  x: number
  y: number
}

const current = tileFile((workerData as { data: { file: string } }).data.file)

serveTasks(({ z, x, y }: TileTask) => {
  const renderer = current()
  return renderer ? drawPng(renderer, z, x, y) : null
})
