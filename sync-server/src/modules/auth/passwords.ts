import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import type { PasswordHashCost } from '../../config.ts'

/** argon2id hashing (the library's default algorithm) at the configured cost. */
export function createPasswords(cost: PasswordHashCost) {
  let dummyHash: Promise<string> | undefined
  return {
    hash: (password: string): Promise<string> => hash(password, cost),
    verify: (passwordHash: string, password: string): Promise<boolean> => verify(passwordHash, password),
    /** Costs what a real check costs, so an unknown e-mail cannot be told from a wrong password by timing. */
    async verifyNobody(password: string): Promise<false> {
      dummyHash ??= hash(randomBytes(16).toString('hex'), cost)
      await verify(await dummyHash, password)
      return false
    },
  }
}

export type Passwords = ReturnType<typeof createPasswords>
