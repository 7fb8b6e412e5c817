import { Dexie } from 'dexie'
import { describe, expect, it } from 'vitest'
import { isQuotaError, STORAGE_FULL_MESSAGE, saveFailedMessage } from './storage.ts'

function quota(): DOMException {
  return new DOMException('The quota has been exceeded.', 'QuotaExceededError')
}

describe('isQuotaError', () => {
  it('knows a QuotaExceededError', () => {
    expect(isQuotaError(quota())).toBe(true)
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true)
  })

  it('finds it wrapped in a Dexie AbortError (inner), a cause chain or a BulkError', () => {
    const abort = new Dexie.AbortError('Transaction aborted', quota())
    expect(abort.name).toBe('AbortError')
    expect(isQuotaError(abort)).toBe(true)
    expect(isQuotaError(new Error('outer', { cause: new Error('middle', { cause: quota() }) }))).toBe(true)
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'AbortError', inner: quota() } })).toBe(true)
    expect(isQuotaError(new Dexie.BulkError('bulk', { 0: quota() }))).toBe(true)
  })

  it('does not take other errors for a full disk', () => {
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted'))).toBe(false)
    expect(isQuotaError(new Error('boom'))).toBe(false)
    expect(isQuotaError(new DOMException('x', 'ConstraintError'))).toBe(false)
    expect(isQuotaError(null)).toBe(false)
    expect(isQuotaError('QuotaExceededError')).toBe(false)
    const loop: { name: string; cause?: unknown } = { name: 'Error' }
    loop.cause = loop
    expect(isQuotaError(loop)).toBe(false)
  })

  it('words the message calmly', () => {
    expect(saveFailedMessage(new Dexie.AbortError('x', quota()), 'Error')).toBe(STORAGE_FULL_MESSAGE)
    expect(saveFailedMessage(new Error('x'), 'Error')).toBe('Error')
    expect(STORAGE_FULL_MESSAGE).toBe(
      'Your phone is out of storage space: Wings could not save this. Free some space and try again.',
    )
  })
})
