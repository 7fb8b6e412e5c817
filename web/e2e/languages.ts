import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

const SRC = fileURLToPath(new URL('../src/', import.meta.url))

type Catalog = Record<string, string>

/** Every catalog of the app, by folder (web/src/<folder>/locales). */
function catalogFolders(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith(`locales${'/'}en.json`))
    .map((path) => join(SRC, path, '..'))
}

const read = (folder: string, language: string): Catalog =>
  JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8'))

/** A message of `namespace` in `language`, as the catalog has it (for plain messages, no placeholders). */
export function message(namespace: string, key: string, language: 'en' | 'hi' | 'mr'): string {
  const folder = catalogFolders().find((f) => f.endsWith(`/${namespace}/locales`))
  if (!folder) throw new Error(`No catalog ${namespace}`)
  const text = read(folder, language)[key]
  if (text === undefined) throw new Error(`No message ${namespace}.${key}`)
  return text
}

/**
 * The English sentences that must not be on a screen shown in `language`: every English message of the app that
 * reads differently there, has no placeholder or markup, and is more than a short word (which could be a name).
 */
function englishLeftOvers(language: 'hi' | 'mr'): string[] {
  const found = new Set<string>()
  for (const folder of catalogFolders()) {
    const english = read(folder, 'en')
    const translated = read(folder, language)
    for (const [key, text] of Object.entries(english)) {
      if (translated[key] === text || /[{}<>]/.test(text) || !/[A-Za-z]{3,}\s+[A-Za-z]{2,}/.test(text)) continue
      found.add(text)
    }
  }
  return [...found]
}

/** What the page shows is in `language`: `<html lang>`, no English sentence of the app, no message key. */
export async function expectSpoken(page: Page, language: 'hi' | 'mr'): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language)
  // biome-ignore lint/performance/useDomNodeTextContent: what she sees, not text hidden from her
  const shown = await page.evaluate(() => document.body.innerText)
  const english = englishLeftOvers(language).filter((text) => shown.includes(text))
  expect(english, `English left on ${page.url()}`).toEqual([])
  const namespaces = catalogFolders().map((folder) => basename(join(folder, '..')))
  expect(shown, 'no message key on screen').not.toMatch(new RegExp(`\\b(${namespaces.join('|')})\\.[a-z]\\w*`))
  expect(shown, 'Devanagari on screen').toMatch(/[\u0900-\u097F]/)
}
