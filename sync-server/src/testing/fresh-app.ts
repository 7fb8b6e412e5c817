import { onTestFinished } from 'vitest'
import type { BuildOptions } from '../app.ts'
import type { Config } from '../config.ts'
import { createTestApp, type TestApp } from './test-app.ts'

/** A test app for the running test, closed when the test finishes, passed or failed. */
export function freshApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): TestApp {
  const t = createTestApp(overrides, options)
  onTestFinished(() => t.close())
  return t
}
