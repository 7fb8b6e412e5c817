import Database from 'better-sqlite3'
import type { FastifyInstance, FastifySchema, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { TSchema } from 'typebox'
import { expect } from 'vitest'
import { validatorCompiler } from '../plugins/validation.ts'

/*
 * What a request did to the database and what it answered: snapshots of every row to diff before and after, a watch
 * on what reached validation (to judge whether a generated request was invalid), and the checks every answer to bad
 * input must pass. A refused request must leave no trace, and only a full snapshot can show that.
 */

// ---- Every row of every table, before and after a request ----

/** Each table's rows, as sorted JSON lines (some tables are WITHOUT ROWID, so rows are compared as a set). */
export type Snapshot = ReadonlyMap<string, readonly string[]>

/**
 * Snapshots of every table but SQLite's own and the shadow tables of virtual tables (FTS5, R*Tree: their virtual
 * table is compared instead). One read-only connection of its own, because `PRAGMA data_version` changes only for
 * that connection when another one commits: an unchanged version means an unchanged database, so most snapshots are
 * free (the geocoding index alone is thousands of rows).
 */
export function createRowSnapshots(file: string) {
  const db = new Database(file, { readonly: true })
  const master = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
  const tables = master.all() as { name: string; sql: string }[]
  const virtual = tables.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name)
  const names = tables.map((t) => t.name).filter((name) => !virtual.some((v) => name.startsWith(`${v}_`)))
  const reads = names.map((name) => [name, db.prepare(`SELECT * FROM "${name}"`)] as const)
  let version: unknown = null
  let last: Snapshot = new Map()
  return {
    take(): Snapshot {
      const now = db.pragma('data_version', { simple: true })
      if (now === version) return last
      version = now
      last = new Map(
        reads.map(([name, read]) => [
          name,
          read
            .all()
            .map((row) => JSON.stringify(row))
            .sort(),
        ]),
      )
      return last
    },
    close: () => db.close(),
  }
}

export type RowSnapshots = ReturnType<typeof createRowSnapshots>

/** The rows added (+) and removed (-) per table; an updated row is both. */
export function changedRows(before: Snapshot, after: Snapshot): string[] {
  const changes: string[] = []
  for (const [table, rows] of after) {
    const old = new Set(before.get(table) ?? [])
    const now = new Set(rows)
    for (const row of rows) if (!old.has(row)) changes.push(`${table} +${row.slice(0, 300)}`)
    for (const row of old) if (!now.has(row)) changes.push(`${table} -${row.slice(0, 300)}`)
  }
  return changes
}

// ---- What the server made of a request, to judge whether it was valid ----

interface Received {
  route: string
  body: unknown
  query: unknown
  params: unknown
}

const PARTS = [
  ['body', 'body'],
  ['querystring', 'query'],
  ['params', 'params'],
] as const

/**
 * Watches an app (call before it loads its routes): each route's schemas, and the last request as it reached
 * validation. A request that never got there (bad JSON, body too large, no session...) or that a schema refuses
 * must not change a row; this is judged from what the server received, so a generated input that happens to be
 * valid is not held against it.
 */
export function watchRequests(app: FastifyInstance) {
  const schemas = new Map<string, FastifySchema>()
  let received: Received | null = null
  app.addHook('onRoute', (route) => {
    if (route.schema) for (const method of [route.method].flat()) schemas.set(`${method} ${route.url}`, route.schema)
  })
  app.addHook('preValidation', async (request) => {
    const { method, url } = request.routeOptions
    received = { route: `${method} ${url}`, body: request.body, query: request.query, params: request.params }
  })

  // Read through a function: TypeScript cannot see the hook assign `received` during the inject.
  const lastReceived = (): Received | null => received

  function refused(seen: Received): boolean {
    const schema = schemas.get(seen.route) ?? {}
    return PARTS.some(([part, field]) => {
      const partSchema = schema[part] as TSchema | undefined
      if (!partSchema) return false
      const validate = validatorCompiler({ schema: partSchema, httpPart: part, method: '', url: '' })
      // Query and params are converted to their schema's types first; a copy leaves the request's own intact.
      const value = seen[field]
      const result = validate(part === 'body' || typeof value !== 'object' ? value : { ...value })
      return typeof result === 'object' && result !== null && 'error' in result && result.error !== undefined
    })
  }

  return {
    /** The schemas of the route `METHOD url`, if it has any. */
    schemaOf: (route: string): FastifySchema | undefined => schemas.get(route),
    /**
     * Sends `request` meant for `route` (`METHOD url`); `invalid` when the route never got to run on it: stopped before
     * validation, refused by a schema, or taken by another route (e.g. the web app's GET /* for a path that no longer
     * matches).
     */
    async send(route: string, request: InjectOptions): Promise<{ res: LightMyRequestResponse; invalid: boolean }> {
      received = null
      const res = await app.inject(request)
      const seen = lastReceived()
      return { res, invalid: seen === null || seen.route !== route || refused(seen) }
    },
  }
}

export type RequestWatch = ReturnType<typeof watchRequests>

/** A 4xx is the API's error JSON: `{ success: false, message, code }`. */
export function expectErrorBody(res: LightMyRequestResponse): void {
  expect(res.headers['content-type'], res.body).toMatch(/^application\/json/)
  const body: unknown = res.json()
  expect(body).toEqual({ success: false, message: expect.any(String), code: expect.any(String) })
}

/**
 * Sends `request` and checks the rules of bad input: never a 5xx, errors as JSON, and an invalid request answered
 * 4xx without a changed row.
 */
export async function expectSafeAnswer(
  watch: RequestWatch,
  snapshots: RowSnapshots,
  route: string,
  request: InjectOptions,
): Promise<{ status: number; invalid: boolean }> {
  const before = snapshots.take()
  const { res, invalid } = await watch.send(route, request)
  const after = snapshots.take()
  expect(res.statusCode, res.body).toBeLessThan(500)
  if (res.statusCode >= 400) expectErrorBody(res)
  if (invalid) {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400)
    expect(changedRows(before, after)).toEqual([])
  }
  return { status: res.statusCode, invalid }
}
