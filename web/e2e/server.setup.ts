import type { TestProject } from 'vitest/node'
import { freePort, removeData, startServer, TEST_REGION } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
    /** The port of the push service guardians.e2e.ts plays; the server may post alerts to it. */
    pushServicePort: number
  }
}

/** One real server for the whole browser suite, on a free port with a throw-away database and Mumbai's map. */
export default async function setup(project: TestProject) {
  const pushServicePort = await freePort()
  const server = await startServer({
    region: [TEST_REGION],
    env: { PUSH_SERVICE_ORIGINS: `http://127.0.0.1:${pushServicePort}` },
  })
  project.provide('baseURL', server.baseURL)
  project.provide('dataDir', server.dataDir)
  project.provide('pushServicePort', pushServicePort)
  return async () => {
    await server.stop()
    removeData(server.dataDir)
  }
}
