import { ErrorBody } from '@wings/contract'
import type { LightMyRequestResponse } from 'fastify'
import { Value } from 'typebox/value'
import { expect } from 'vitest'

/** The request was refused with 400 and the contract's error body saying `message`. */
export function expectInvalid(res: LightMyRequestResponse, message: string): void {
  expect(res.statusCode).toBe(400)
  const body = res.json()
  expect(Value.Check(ErrorBody, body)).toBe(true)
  expect(body).toEqual({ success: false, message, code: 'VALIDATION_ERROR' })
}
