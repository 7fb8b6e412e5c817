/**
 * Validation with the contract's schemas and their human messages. A separate entry (`@wings/contract/validate`)
 * because its compiler is most of TypeBox's size: the web app loads it only where a form or the outbox checks input.
 */
import type { TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import { ErrorCode } from './rules.ts'
import { isOpType, OP_TYPES, SyncErrorCode, SyncMessages } from './sync.ts'

// The outbox loads this module on first use and needs to know which ops require a session.
export { opNeedsUser } from './sync.ts'

/** A rule checked when a string fails its `pattern`: the first failing rule names the problem. */
export interface PatternRule {
  pattern: string
  message: string
}

/** Annotations our schemas carry so that a failure can be told to a person. */
export interface Annotations {
  title?: string
  /** Said for any failure of this value. */
  errorMessage?: string
  /** Said for a failure of one keyword (minLength, pattern, minimum, ...). */
  messages?: Record<string, string>
  rules?: PatternRule[]
}

export interface Problem {
  /** JSON pointer of the value at fault ('' for the whole value). */
  path: string
  field: string | undefined
  message: string
}

type Checker = ReturnType<typeof Compile>
const checkers = new WeakMap<TSchema, Checker>()

function checkerFor(schema: TSchema): Checker {
  let checker = checkers.get(schema)
  if (!checker) {
    checker = Compile(schema)
    checkers.set(schema, checker)
  }
  return checker
}

interface RawError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  message: string
}

function subSchema(schema: TSchema, path: string): (TSchema & Annotations) | undefined {
  let node: unknown = schema
  for (const key of path.split('/').slice(1)) {
    const s = node as { properties?: Record<string, unknown>; items?: unknown }
    // A tuple's items are an array, one schema per position.
    node = s.properties?.[key] ?? (Array.isArray(s.items) ? s.items[Number(key)] : s.items)
    if (node === undefined) return undefined
  }
  return node as TSchema & Annotations
}

function labelOf(schema: (TSchema & Annotations) | undefined, key: string): string {
  return schema?.title ?? key
}

function explain(schema: TSchema, error: RawError, value: unknown): Problem {
  if (error.keyword === 'required') {
    const missing = (error.params.requiredProperties as string[] | undefined)?.[0] ?? ''
    const path = `${error.instancePath}/${missing}`
    const node = subSchema(schema, path)
    return { path, field: missing, message: `${labelOf(node, missing)} is required` }
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params.additionalProperties as string[] | undefined)?.[0] ?? ''
    return { path: `${error.instancePath}/${extra}`, field: extra, message: `Unknown field: ${extra}` }
  }
  const path = error.instancePath
  const field = path.split('/').pop() || undefined
  const node = subSchema(schema, path)
  const label = labelOf(node, field ?? 'Value')
  if (node?.rules && error.keyword === 'pattern') {
    const actual = valueAt(value, path)
    const broken = node.rules.find((rule) => typeof actual === 'string' && !new RegExp(rule.pattern, 'u').test(actual))
    if (broken) return { path, field, message: broken.message }
  }
  const message = node?.messages?.[error.keyword] ?? node?.errorMessage ?? `${label} ${error.message}`
  return { path, field, message }
}

function valueAt(value: unknown, path: string): unknown {
  let node = value
  for (const key of path.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

/** The first problem with `value` against `schema`, told for a person, or null when it is valid. */
export function problemOf(schema: TSchema, value: unknown): Problem | null {
  const checker = checkerFor(schema)
  if (checker.Check(value)) return null
  const errors = checker.Errors(value) as unknown as RawError[]
  const meaningful = errors.filter((e) => e.keyword !== 'boolean')
  const first =
    meaningful.find((e) => e.keyword === 'required' || e.keyword === 'additionalProperties') ?? meaningful[0]
  if (!first) return { path: '', field: undefined, message: 'Invalid value' }
  return explain(schema, first, value)
}

/** Every field's first problem, keyed by field name: what a form shows beside its inputs. */
export function fieldProblems(schema: TSchema, value: unknown): Record<string, string> {
  const checker = checkerFor(schema)
  if (checker.Check(value)) return {}
  const out: Record<string, string> = {}
  for (const error of checker.Errors(value) as unknown as RawError[]) {
    if (error.keyword === 'boolean') continue
    const problem = explain(schema, error, value)
    if (problem.field && !(problem.field in out)) out[problem.field] = problem.message
  }
  return out
}

export function isValid(schema: TSchema, value: unknown): boolean {
  return checkerFor(schema).Check(value)
}

export interface OpProblem {
  code: typeof SyncErrorCode.unknownOp | typeof ErrorCode.validation
  message: string
}

/** Why an op of `type` with `payload` cannot be applied, or null when it can: the client checks before queueing. */
export function opPayloadProblem(type: string, payload: unknown): OpProblem | null {
  if (!isOpType(type)) return { code: SyncErrorCode.unknownOp, message: SyncMessages.unknownOp }
  const problem = problemOf(OP_TYPES[type].payload, payload)
  return problem && { code: ErrorCode.validation, message: problem.message }
}
