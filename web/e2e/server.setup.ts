import type { TestProject } from 'vitest/node'
import { removeData, startServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
  }
}

/** One real server for the whole browser suite, on a free port with a throw-away database. */
export default async function setup(project: TestProject) {
  const server = await startServer()
  project.provide('baseURL', server.baseURL)
  project.provide('dataDir', server.dataDir)
  return async () => {
    await server.stop()
    removeData(server.dataDir)
  }
}
