import { ErrorBody } from '@wings/contract'
import type { LightMyRequestResponse } from 'fastify'
import { Value } from 'typebox/value'
import { expect } from 'vitest'

/** The request was refused with `status` and the contract's error body with `code` and `message`. */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  message: string,
  label?: string,
): void {
  expect(res.statusCode, label).toBe(status)
  const body = res.json()
  expect(Value.Check(ErrorBody, body), label).toBe(true)
  expect(body, label).toEqual({ success: false, message, code })
}

/** The request was refused with 400 and the contract's error body saying `message`. */
export function expectInvalid(res: LightMyRequestResponse, message: string, label?: string): void {
  expectError(res, 400, 'VALIDATION_ERROR', message, label)
}
