import { randomBytes } from 'node:crypto'

/** A new 24-hex id, the shape of the spec's `_id`. */
export function newId(): string {
  return randomBytes(12).toString('hex')
}
