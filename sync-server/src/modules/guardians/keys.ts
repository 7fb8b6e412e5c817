import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmodSync, linkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import webPush from 'web-push'

/** The server's own secrets for guardians, kept in DATA_DIR with mode 0600, made at first start. */
export const GUARDIAN_KEYS_FILE = 'guardian-keys.json'

export interface GuardianKeys {
  /** VAPID (base64url): the public key is what browsers subscribe with, the private key signs every push. */
  vapid: { publicKey: string; privateKey: string }
  /** AES-256-GCM key that seals the tokens and alert texts kept in the database (sealed below). */
  sealKey: Buffer
}

interface KeysFile {
  vapidPublicKey: string
  vapidPrivateKey: string
  sealKey: string
}

function newKeysFile(): KeysFile {
  const vapid = webPush.generateVAPIDKeys()
  return {
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
    sealKey: randomBytes(32).toString('base64url'),
  }
}

/**
 * The keys in DATA_DIR/guardian-keys.json, made on first start. The file is written whole under another name and
 * linked into place, so two servers starting on one folder agree on one set, and a crash never leaves half a file.
 * Subscriptions are tied to the VAPID key: a new one would silence every guardian's notifications, so the file is
 * never replaced.
 */
export function loadGuardianKeys(dataDir: string): GuardianKeys {
  const file = join(dataDir, GUARDIAN_KEYS_FILE)
  try {
    statSync(file)
  } catch {
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(temporary, JSON.stringify(newKeysFile()), { mode: 0o600, flag: 'wx' })
    try {
      linkSync(temporary, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      rmSync(temporary, { force: true })
    }
  }
  // Only the server's user may read them (a copy restored with looser rights is tightened).
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
  const keys = JSON.parse(readFileSync(file, 'utf8')) as KeysFile
  const sealKey = Buffer.from(keys.sealKey, 'base64url')
  if (!keys.vapidPublicKey || !keys.vapidPrivateKey || sealKey.length !== 32)
    throw new Error(`${file} is not a valid keys file`)
  return { vapid: { publicKey: keys.vapidPublicKey, privateKey: keys.vapidPrivateKey }, sealKey }
}

/** Text sealed with AES-256-GCM under `key`: base64url of nonce, tag and ciphertext. */
export function createSealer(key: Buffer) {
  return {
    seal(text: string): string {
      const nonce = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
      return Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url')
    },
    /** Throws when the text was not sealed with this key or was changed. */
    open(sealed: string): string {
      const bytes = Buffer.from(sealed, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
      decipher.setAuthTag(bytes.subarray(12, 28))
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}

export type Sealer = ReturnType<typeof createSealer>
