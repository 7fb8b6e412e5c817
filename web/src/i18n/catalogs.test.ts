import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse, type Token } from '@messageformat/parser'
import { LANGUAGES } from '@wings/contract'
import { describe, expect, it } from 'vitest'

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Messages that read the same in every language: names, codes and numbers, never a sentence. */
const SAME_EVERYWHERE = /^[\s\d()+·:/.,–-]*(Wings|SOS|Saathi|OK|112|km|min|\{[a-zA-Z]+\}|[\s\d()+·:/.,–-])*$/

function catalogFolders(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const path = join(dir, entry.name)
    if (entry.name === 'locales') found.push(path)
    else found.push(...catalogFolders(path))
  }
  return found
}

const read = (folder: string, language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8'))

/** What a translation must keep: each argument with its kind, each plural/select's cases' arguments, each <n> tag. */
function shape(message: string): string[] {
  const found = new Set<string>()
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') for (const [tag] of token.value.matchAll(/<\/?\d+\/?>/g)) found.add(tag)
      else if (token.type === 'argument') found.add(`{${token.arg}}`)
      else if (token.type === 'function') found.add(`{${token.arg}, ${token.key}}`)
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(`{${token.arg}, ${token.type}}`)
        for (const choice of token.cases) {
          if (token.type === 'select') found.add(`{${token.arg}} case ${choice.key}`)
          walk(choice.tokens)
        }
      }
    }
  }
  walk(parse(message))
  return [...found].sort()
}

const folders = catalogFolders(SRC)

describe('message catalogs', () => {
  it('are found beside the features that use them', () => {
    expect(folders.length).toBeGreaterThan(0)
  })

  for (const folder of folders) {
    const name = relative(SRC, folder)
    describe(name, () => {
      const english = read(folder, 'en')

      it('has a file for every language and a messages.ts that loads them', () => {
        expect(readdirSync(folder).sort()).toEqual(LANGUAGES.map((language) => `${language}.json`).sort())
        const messages = readFileSync(join(folder, '..', 'messages.ts'), 'utf8')
        expect(messages).toContain("import en from './locales/en.json'")
        expect(messages).toContain("import.meta.glob('./locales/{hi,mr}.json')")
      })

      it('has English messages that parse and are not empty', () => {
        for (const [key, message] of Object.entries(english)) {
          expect(message.trim(), key).not.toBe('')
          expect(() => parse(message), key).not.toThrow()
        }
      })

      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        it(`has every message in ${language}, with the English one's placeholders and tags, translated`, () => {
          const translated = read(folder, language)
          expect(Object.keys(translated).sort(), 'the same keys as en.json').toEqual(Object.keys(english).sort())
          for (const [key, message] of Object.entries(english)) {
            const translation = translated[key] ?? ''
            expect(translation.trim(), `${language} ${key} is empty`).not.toBe('')
            expect(shape(translation), `${language} ${key}: placeholders`).toEqual(shape(message))
            if (translation === message && !SAME_EVERYWHERE.test(message))
              expect.fail(`${language} ${key} is the English message, not a translation: "${message}"`)
          }
        })
      }
    })
  }
})
