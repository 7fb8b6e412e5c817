import type { TestProject } from 'vitest/node'
import { removeData, startServer, TEST_REGION } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
  }
}

/** One real server for the whole browser suite, on a free port with a throw-away database and Mumbai's map. */
export default async function setup(project: TestProject) {
  const server = await startServer({ region: [TEST_REGION] })
  project.provide('baseURL', server.baseURL)
  project.provide('dataDir', server.dataDir)
  return async () => {
    await server.stop()
    removeData(server.dataDir)
  }
}
