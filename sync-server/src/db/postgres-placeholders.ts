// The repos' placeholders (`?` in order, or `@name`, as better-sqlite3 takes them) made into PostgreSQL's $1, $2...
import type { Params } from './sql.ts'

export interface PostgresQuery {
  text: string
  values: unknown[]
}

interface Translated {
  text: string
  /** How many `?` the statement has. */
  positional: number
  /** The `@name`s in order of first use: `$n` is names[n - 1]; a name used twice is one value. */
  names: string[]
}

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y
const MAX_CACHED = 2000
const cache = new Map<string, Translated>()

/** Where the quoted string or identifier that opens at `start` ends (a doubled quote stays inside it). */
function closingQuote(text: string, start: number): number {
  const quote = text[start]
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] !== quote) continue
    if (text[i + 1] !== quote) return i + 1
    i++
  }
  return text.length
}

/** The end of the comment at `start`, or `start` when none opens there. */
function commentEnd(text: string, start: number): number {
  if (text.startsWith('--', start)) {
    const end = text.indexOf('\n', start)
    return end === -1 ? text.length : end
  }
  if (text.startsWith('/*', start)) {
    const end = text.indexOf('*/', start + 2)
    return end === -1 ? text.length : end + 2
  }
  return start
}

function translate(text: string): Translated {
  let out = ''
  let positional = 0
  const names: string[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i] as string
    const skipTo = c === "'" || c === '"' ? closingQuote(text, i) : commentEnd(text, i)
    if (skipTo > i) {
      out += text.slice(i, skipTo)
      i = skipTo
      continue
    }
    if (c === '?') {
      out += `$${++positional}`
      i++
      continue
    }
    NAME.lastIndex = i + 1
    const name = c === '@' ? NAME.exec(text)?.[0] : undefined
    if (name !== undefined) {
      if (!names.includes(name)) names.push(name)
      out += `$${names.indexOf(name) + 1}`
      i += 1 + name.length
      continue
    }
    out += c
    i++
  }
  if (positional > 0 && names.length > 0)
    throw new Error(`A statement takes ? or @name placeholders, not both: ${text}`)
  return { text: out, positional, names }
}

function translated(text: string): Translated {
  let found = cache.get(text)
  if (found === undefined) {
    if (cache.size >= MAX_CACHED) cache.clear()
    found = translate(text)
    cache.set(text, found)
  }
  return found
}

/**
 * `text` with PostgreSQL's placeholders, and `params` as the values array for them. Placeholders inside quoted strings,
 * quoted identifiers and comments are left alone. Wrong values throw RangeError with better-sqlite3's wording.
 */
export function toPostgresQuery(text: string, params?: Params): PostgresQuery {
  const { text: postgresText, positional, names } = translated(text)
  if (names.length > 0) {
    if (params === undefined || Array.isArray(params))
      throw new RangeError(`Named parameters (@${names[0]}) take an object of values`)
    const named = params as Readonly<Record<string, unknown>>
    const values = names.map((name) => {
      if (!Object.hasOwn(named, name)) throw new RangeError(`Missing named parameter "${name}"`)
      return named[name]
    })
    return { text: postgresText, values }
  }
  if (params !== undefined && !Array.isArray(params)) throw new RangeError('? parameters take an array of values')
  const values = (params ?? []) as readonly unknown[]
  if (values.length < positional) throw new RangeError('Too few parameter values were provided')
  if (values.length > positional) throw new RangeError('Too many parameter values were provided')
  return { text: postgresText, values: [...values] }
}
