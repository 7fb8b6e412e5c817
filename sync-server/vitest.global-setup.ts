import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './src/testing/postgres-cluster.ts'

/**
 * One throwaway PostgreSQL cluster per test run (about a second to start), shared by every test file through
 * createTestDatabase (src/testing/postgres.ts). Without the server binaries the tests that ask for a database fail
 * with the reason; the others run.
 */
export default async function startTestPostgres(project: TestProject): Promise<() => Promise<void>> {
  try {
    const cluster = await startPostgresCluster()
    project.provide('postgresAdminUrl', cluster.url)
    project.provide('postgresStartError', '')
    return () => cluster.stop()
  } catch (error) {
    project.provide('postgresAdminUrl', '')
    project.provide('postgresStartError', (error as Error).message)
    return async () => {}
  }
}
