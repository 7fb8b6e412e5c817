import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ASHA_SIGNUP } from '@wings/contract/testing'
import Database from 'better-sqlite3'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { type App, type BuildOptions, buildApp, DATABASE_FILE } from '../app.ts'
import { type Config, loadConfig } from '../config.ts'
import type { Sql } from '../db/sql.ts'
import { SESSION_COOKIE } from '../plugins/session.ts'
import type { Cookies } from './sync-ops.ts'

/** Every rate limit lifted, for tests and benchmarks that send far more than one client would. */
export function unlimitedRateLimits(): Config['rateLimits'] {
  const unlimited = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 }
  const names = Object.keys(loadConfig({}).rateLimits)
  return Object.fromEntries(names.map((name) => [name, unlimited])) as Config['rateLimits']
}

/** The default rate limits but `name`'s: at most `max` requests per `windowMs`. */
export function withRateLimit(name: keyof Config['rateLimits'], max: number, windowMs = 60_000): Partial<Config> {
  return { rateLimits: { ...loadConfig({}).rateLimits, [name]: { max, windowMs } } }
}

/** Still argon2id, at the smallest cost, so a test run does not spend seconds hashing. */
const FAST_ARGON2ID = { memoryCost: 1024, timeCost: 1, parallelism: 1 }

export interface TestApp {
  app: App
  config: Config
  dbFile: string
  /** The query layer on the app's database (the same connection as the app's repos). */
  sql: Sql
  /** Runs one publishing batch of reports and ratings now; one made before is published by the second batch. */
  signalBatch(): void
  close(): Promise<void>
}

/** A server on a fresh database in a temporary directory, with no built web app unless `webDist` is given. */
export async function createTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wings-test-'))
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    webDist: join(dataDir, 'no-web-dist'),
    logLevel: 'silent',
    passwordHashCost: FAST_ARGON2ID,
    ...overrides,
  }
  let batch = () => {}
  const app = await buildApp(config, {
    signalBatch: (run) => {
      batch = run
    },
    ...options,
  })
  return {
    app,
    config,
    dbFile: join(config.dataDir, DATABASE_FILE),
    sql: app.sql,
    signalBatch: () => batch(),
    async close() {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Asha's signup, shared with the web's tests. */
export const validSignup = ASHA_SIGNUP
/** Meera: a second account, beside Asha. */
export const MEERA = { email: 'meera@example.in', password: validSignup.password }

export type SendArgs = [method: InjectOptions['method'], url: string, cookies?: Cookies, payload?: unknown]

/** Sends `method url` with `cookies`, and `payload` as its JSON body when there is one. */
export function send(app: App, ...[method, url, cookies = {}, payload]: SendArgs) {
  return app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) })
}

/** POSTs `payload` as it is, labelled `contentType`: for bodies no client would build. */
export function postRaw(app: App, url: string, payload?: string, contentType = 'application/json') {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType },
    ...(payload === undefined ? {} : { payload }),
  })
}

export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === SESSION_COOKIE)?.value
}

/** Signs up (unless the account exists) and logs in; returns the session cookie to send as `cookies`. */
export async function signedIn(
  app: App,
  { email, password }: { email: string; password: string } = validSignup,
): Promise<Record<string, string>> {
  await app.inject({ method: 'POST', url: '/api/signup', payload: { ...validSignup, email, password } })
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })
  const token = sessionCookie(login)
  if (login.statusCode !== 200 || !token) throw new Error(`login failed: ${login.statusCode} ${login.body}`)
  return { [SESSION_COOKIE]: token }
}

/** Asha and Meera, both signed in: a user and another user, each with her session cookie. */
export async function twoUsers(app: App): Promise<{ asha: Cookies; meera: Cookies }> {
  return { asha: await signedIn(app), meera: await signedIn(app, MEERA) }
}

/** Reads the database file through a connection of its own, read-only: the data as another process sees it. */
export function readDatabase<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true })
  try {
    return read(db)
  } finally {
    db.close()
  }
}
