import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

function englishCatalogs(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const path = join(dir, entry.name)
    if (entry.name === 'locales') found.push(join(path, 'en.json'))
    else found.push(...englishCatalogs(path))
  }
  return found
}

/** A failure with no cause and no next step. */
const NOTHING_SAID = /^\s*(something went wrong|that did not work|error|failed|an error occurred)[.!]?\s*$/i
/** A status code shown to her: a placeholder for it, or an HTTP error status written out. */
const BARE_STATUS = /\{(status|code|statusCode)\}|\b[45]\d\d\b(?!\s*(characters|m\b|metres|km))/i

/**
 * The spec's texts that must stay exactly as written in English: each is shown only as what happened, followed by
 * what she can do (api/failure), which the screens' tests check.
 */
const SHOWN_WITH_NEXT_STEP = new Set([
  'features/auth/locales:signupFailed',
  'api/locales:signupFailed',
  'features/guardians/locales:failed',
])

const messages = englishCatalogs(SRC).flatMap((file) => {
  const folder = relative(SRC, dirname(file))
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
  return Object.entries(catalog).map(([key, text]) => ({ id: `${folder}:${key}`, text }))
})

describe('the texts she can be shown', () => {
  it('are found', () => {
    expect(messages.length).toBeGreaterThan(500)
  })

  it("never say 'Something went wrong' (or the like) alone, without what to do", () => {
    const alone = messages.filter(({ id, text }) => NOTHING_SAID.test(text) && !SHOWN_WITH_NEXT_STEP.has(id))
    expect(alone).toEqual([])
  })

  it('never show a bare status code', () => {
    expect(messages.filter(({ text }) => BARE_STATUS.test(text))).toEqual([])
  })
})
