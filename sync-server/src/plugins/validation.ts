import { ErrorCode, ErrorMessages } from '@wings/contract'
import { problemOf } from '@wings/contract/validate'
import type { FastifySchemaCompiler } from 'fastify'
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { HttpError } from '../http-error.ts'

const invalid = (message: string) => new HttpError(400, ErrorCode.validation, message)

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Validates with TypeBox and answers the contract's own message for the first problem, so the server and the
 * client word every failure the same way. Bodies are checked as sent (JSON has types); query strings and
 * params are strings, so they are converted to the schema's types first.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> =
  ({ schema, httpPart }) =>
  (value) => {
    const input = httpPart === 'body' ? value : Value.Convert(schema, value)
    if (httpPart === 'body' && (schema as { type?: unknown }).type === 'object' && !isPlainObject(input)) {
      return { error: invalid(ErrorMessages.bodyNotObject) }
    }
    const problem = problemOf(schema, input)
    return problem ? { error: invalid(problem.message) } : { value: input }
  }
