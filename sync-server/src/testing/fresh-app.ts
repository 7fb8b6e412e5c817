import { onTestFinished } from 'vitest'
import type { BuildOptions } from '../app.ts'
import type { Config } from '../config.ts'
import { createTestApp, type TestApp } from './test-app.ts'

/** A test app for the running test, closed when the test finishes, passed or failed. */
export async function freshApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const t = await createTestApp(overrides, options)
  onTestFinished(() => t.close())
  return t
}
