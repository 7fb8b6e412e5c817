import fc from 'fast-check'
import type { FastifySchema, InjectOptions } from 'fastify'
import { type Endpoint, fillUrl, type RequestParts } from './endpoints.ts'

/*
 * Generators of bad input for the bad-input tests: nasty strings and JSON values, and malformed requests built from an
 * endpoint's valid request (testing/endpoints.ts) so that each breaks one part its schema or JSON parsing must refuse.
 * Whether the server kept to the rules is checked by row-snapshots.ts.
 */

/** Runs per property: modest for `npm test`; FUZZ_RUNS=1000 (say) for a long run. */
export const FUZZ_RUNS = runsFrom(process.env.FUZZ_RUNS, 25)

function runsFrom(raw: string | undefined, fallback: number): number {
  const runs = Number(raw)
  return Number.isInteger(runs) && runs > 0 ? runs : fallback
}

// ---- Bad values ----

/** Strings that break naive code: NUL, lone surrogates, bidi overrides, emoji, numbers that are not, injections. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDC00y',
  '\u202Egnp.exe',
  '\u200F\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627',
  '🙂',
  '👩🏽‍🦱👨‍👩‍👧',
  'e\u0301\u0301\u0301',
  '\uFEFF',
  '\u2028\u2029',
  '\t\r\n',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '1e309',
  '0x1F',
  '１２３',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  'null',
  'undefined',
  '[object Object]',
  '𝕏'.repeat(300),
] as const

/** Values at or past the edges of what the schemas allow: times, boxes and counts that code may not expect. */
export const EDGE_STRINGS = [
  '0',
  '1',
  '999999999999999',
  '1970-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '2024-02-30T25:61:61Z',
  '2024-01-01',
  '-180,-90,180,90',
  '180,90,-180,-90',
  '0,0,0,0',
  '7.42,43.73,7.42,43.73',
  '999,999,999,999',
  '??',
  '_ibE_seK_seK',
] as const
const EDGE_NUMBERS = [-90, 90, -180, 180, 0, 1, 5, 15, 60, 100, 240, 100_000, 1e-300, -1e-300, 0.5] as const

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit))

/** Huge strings of one character: past every maxLength, some past the body limit. */
const hugeString = fc
  .tuple(fc.constantFrom('x', 'é', '🙂', '\u0000', ' ', '9'), fc.integer({ min: 300, max: 40_000 }))
  .map(([unit, times]) => unit.repeat(times))

export const junkText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(...EDGE_STRINGS),
  fc.string({ unit: codeUnit, maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  hugeString,
)

/** `{"a":{"a":...}}` or `[[...]]`, `depth` deep. */
function nested(depth: number, asArray: boolean): unknown {
  let value: unknown = asArray ? [] : {}
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value }
  return value
}

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  junkText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1, ...EDGE_NUMBERS),
  fc.boolean(),
  fc.constant(null),
)

/** Any JSON value a schema might not expect: wrong types, huge, deep, arrays and objects. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  leaf,
  fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean()).map(([depth, asArray]) => nested(depth, asArray)),
  fc.array(leaf, { maxLength: 5 }),
  fc.dictionary(junkText, leaf, { maxKeys: 4 }),
)

/** Field names nobody declared, some of them dangerous. */
export const junkKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', 'isAdmin', 'role', '$where', 'a.b', '\u0000', '\uD800'),
  fc.string({ maxLength: 20 }),
)

/** Percent-encoding that also encodes lone surrogates (as the bytes a broken client would send), unlike encodeURIComponent. */
export function encodeAny(text: string): string {
  let out = ''
  for (const char of text) {
    const unit = char.charCodeAt(0)
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('')
    } else out += encodeURIComponent(char)
  }
  return out
}

/** A query or path value as sent: junk encoded, or a broken escape sent as is. */
const junkUrlPart: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: junkText.map(encodeAny) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%FF%FE', '%2F', '..', '.', '%00') },
)

// ---- Bad requests built from a valid one ----

type Entry = readonly [string, string]

/** An object with `key` as an own property, even '__proto__' (which plain assignment would not create). */
function withKey(object: object, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...object }
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true })
  return copy
}

function withoutKey(object: object, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...object }
  delete copy[key]
  return copy
}

const withKeys = (object: object, entries: [string, unknown][]) =>
  entries.reduce<Record<string, unknown>>((acc, [key, value]) => withKey(acc, key, value), { ...object })

const jsonText = (value: unknown) => JSON.stringify(value) ?? 'null'

/** A body sent as given (text), with its content type. */
interface RawBody {
  text: string
  contentType: string
}

const json = (value: unknown): RawBody => ({ text: jsonText(value), contentType: 'application/json' })

/** Names of an object schema's properties and required properties (none for other schemas). */
function shapeOf(schema: unknown): { properties: string[]; required: string[] } {
  const s = (schema ?? {}) as { properties?: Record<string, unknown>; required?: string[] }
  return { properties: Object.keys(s.properties ?? {}), required: s.required ?? [] }
}

/** Bodies that are not JSON, or not sent as JSON: refused before any route code runs. */
function unparsableBodies(valid: unknown): fc.Arbitrary<RawBody> {
  // Every valid body is an object, so every proper prefix of its text is broken JSON.
  const text = jsonText(valid ?? { a: [1, 2] })
  const broken = fc.oneof(
    fc.integer({ min: 1, max: text.length - 1 }).map((cut) => text.slice(0, cut)),
    junkText.map((tail) => `${text}x${tail}`),
    fc.constantFrom("{'a': 1}", '{"a": NaN}', '{"a": 01}', '\u0000', '{"__proto__": {"admin": true}}'),
  )
  const notJson = fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/json',
  )
  return fc.oneof(
    broken.map((bad) => ({ text: bad, contentType: 'application/json' })),
    notJson.map((contentType) => ({ text, contentType })),
  )
}

/** Bodies a body schema refuses: a field corrupted (with unknown fields or not), a field missing, not an object. */
function schemaBreakingBodies(valid: Record<string, unknown>, schema: unknown): fc.Arbitrary<RawBody> {
  const { properties, required } = shapeOf(schema)
  const fields = [...new Set([...Object.keys(valid), ...properties])]
  const corrupt = fc.record({ key: fc.constantFrom(...fields), value: junkValue })
  const options: fc.Arbitrary<RawBody>[] = [
    corrupt.map(({ key, value }) => json(withKey(valid, key, value))),
    fc
      .tuple(corrupt, fc.array(fc.tuple(junkKey, junkValue), { minLength: 1, maxLength: 3 }))
      .map(([{ key, value }, extra]) => json(withKeys(withKey(valid, key, value), extra))),
    fc.oneof(leaf, fc.constant([valid]), fc.array(junkValue, { maxLength: 3 })).map(json),
  ]
  if (required.length > 0) options.push(fc.constantFrom(...required).map((key) => json(withoutKey(valid, key))))
  return fc.oneof(...options)
}

function queryString(entries: readonly Entry[]): string {
  return entries.length === 0 ? '' : `?${entries.map(([key, value]) => `${encodeAny(key)}=${value}`).join('&')}`
}

/**
 * Query strings a query schema refuses (most of them): a value corrupted or repeated, one missing. Unknown fields
 * beside valid ones are requestsWithUnknownFields' job: a route may ignore them.
 */
function badQueries(valid: Record<string, string>, schema: unknown): fc.Arbitrary<string> {
  const { properties, required } = shapeOf(schema)
  const entries: Entry[] = Object.entries(valid).map(([key, value]) => [key, encodeURIComponent(value)])
  const replace = (key: string, value: string): Entry[] => [...entries.filter(([k]) => k !== key), [key, value]]
  const options: fc.Arbitrary<string>[] = [
    fc.tuple(fc.constantFrom(...properties), junkUrlPart).map(([key, value]) => queryString(replace(key, value))),
    fc
      .tuple(fc.constantFrom(...properties), junkUrlPart, fc.array(fc.tuple(junkKey, junkUrlPart), { maxLength: 3 }))
      .map(([key, value, extra]) => queryString([...replace(key, value), ...extra])),
  ]
  if (entries.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...entries), junkUrlPart)
        .map(([[key, value], other]) => queryString([...entries, [key, other], [key, value]])),
    )
  }
  if (required.length > 0) {
    options.push(fc.constantFrom(...required).map((key) => queryString(entries.filter(([k]) => k !== key))))
  }
  return fc.oneof(...options)
}

/** The endpoint's path with one :param replaced by junk. */
function badPaths(endpoint: Endpoint, params: Record<string, string>): fc.Arbitrary<string> {
  const encoded = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, encodeURIComponent(value)]))
  return fc
    .tuple(fc.constantFrom(...Object.keys(params)), junkUrlPart)
    .map(([name, value]) => fillUrl(endpoint.url, { ...encoded, [name]: value }, (v) => v))
}

/** What a malformed request changes in the valid one. */
interface Malformation {
  path?: string
  query?: string
  body?: RawBody
}

/**
 * Malformed requests for `endpoint`, built from its valid request: each breaks one part (path, query or body) the
 * way the endpoint's schema (or its JSON parsing) cannot accept.
 */
export function malformedRequests(
  endpoint: Endpoint,
  valid: RequestParts,
  schema: FastifySchema | undefined,
  cookies: Record<string, string>,
): fc.Arbitrary<InjectOptions> {
  const options: fc.Arbitrary<Malformation>[] = []
  if (valid.params) options.push(badPaths(endpoint, valid.params).map((path) => ({ path })))
  if (schema?.querystring) options.push(badQueries(valid.query ?? {}, schema.querystring).map((query) => ({ query })))
  if (endpoint.method !== 'GET') {
    options.push(unparsableBodies(valid.body).map((body) => ({ body })))
    if (schema?.body && typeof valid.body === 'object' && valid.body !== null) {
      const body = valid.body as Record<string, unknown>
      options.push(schemaBreakingBodies(body, schema.body).map((raw) => ({ body: raw })))
    }
  }
  if (options.length === 0) {
    // Nothing the route reads can be broken: junk query fields, which it must ignore.
    const junkQuery = fc.array(fc.tuple(junkKey, junkUrlPart), { minLength: 1, maxLength: 3 }).map(queryString)
    options.push(junkQuery.map((query) => ({ query })))
  }
  return fc.oneof(...options).map((bad) => toInject(endpoint, valid, cookies, bad))
}

/**
 * Whether most of malformedRequests' output for `endpoint` is known to be invalid: it has a body to break, or a schema
 * to judge by (a route checking its own params, like the tiles, or reading nothing, only gets junk it must survive).
 */
export function judgesInput(endpoint: Endpoint, schema: FastifySchema | undefined): boolean {
  return endpoint.method !== 'GET' || schema?.params !== undefined || schema?.querystring !== undefined
}

/** The valid request with unknown fields added to its body or query: must never be a 5xx. */
export function requestsWithUnknownFields(
  endpoint: Endpoint,
  valid: RequestParts,
  cookies: Record<string, string>,
): fc.Arbitrary<InjectOptions> | null {
  const extra = fc.array(fc.tuple(junkKey, junkValue), { minLength: 1, maxLength: 3 })
  if (typeof valid.body === 'object' && valid.body !== null) {
    return extra.map((fields) =>
      toInject(endpoint, valid, cookies, { body: json(withKeys(valid.body as object, fields)) }),
    )
  }
  if (valid.query) {
    const entries: Entry[] = Object.entries(valid.query).map(([key, value]) => [key, encodeURIComponent(value)])
    return fc
      .array(fc.tuple(junkKey, junkUrlPart), { minLength: 1, maxLength: 3 })
      .map((fields) => toInject(endpoint, valid, cookies, { query: queryString([...entries, ...fields]) }))
  }
  return null
}

/** How a request is printed in a counterexample: deep or huge bodies cut short. */
function describeRequest(request: InjectOptions): string {
  const payload = typeof request.payload === 'string' ? request.payload : ''
  const shown = payload.length > 400 ? `${payload.slice(0, 400)}... (${payload.length} characters)` : payload
  const url = String(request.url)
  const cookies = Object.keys(request.cookies ?? {}).join(', ') || 'none'
  const head = `${request.method} ${url.length > 400 ? `${url.slice(0, 400)}...` : url}`
  return `${head} (cookies: ${cookies}) ${JSON.stringify(request.headers ?? {})} ${shown}`
}

function toInject(endpoint: Endpoint, valid: RequestParts, cookies: Record<string, string>, bad: Malformation) {
  const path = bad.path ?? fillUrl(endpoint.url, valid.params)
  const validQuery = Object.entries(valid.query ?? {}).map(([key, value]): Entry => [key, encodeURIComponent(value)])
  const query = bad.query ?? queryString(validQuery)
  const body = bad.body ?? (valid.body === undefined ? undefined : json(valid.body))
  const request: InjectOptions = { method: endpoint.method, url: `${path}${query}`, cookies }
  if (body) {
    request.payload = body.text
    request.headers = { 'content-type': body.contentType }
  }
  Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request) })
  return request
}
