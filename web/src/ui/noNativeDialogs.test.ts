/**
 * The app speaks through its own toasts, inline messages and dialogs (docs/feedback.md): a native alert(), confirm()
 * or prompt() blocks the page, cannot be styled, is not in her language's page and is announced poorly.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const web = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const NAMES = ['alert', 'confirm', 'prompt'] as const

/** The app's own sources: tests, their helpers and fixtures may stub a native dialog. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path)
    const own = /\.(tsx?|m?js|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
    return own && entry.name !== 'testing.ts' ? [path] : []
  })
}

/** Each native dialog `code` opens: `window.alert(…)`, `self.confirm(…)`, `alert(…)`; not `event.prompt()`. */
function nativeDialogCalls(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:\w'"`])\/\/.*$/gm, '$1')
    // A method an interface declares (`prompt(): Promise<void>`) is not a call.
    .replace(/^\s*\w+\s*\([^)]*\)\s*:.*$/gm, '')
  const found: string[] = []
  for (const name of NAMES) {
    // A function of that name in the file itself (a local `confirm()`) is not the browser's.
    const local = new RegExp(`(function\\s+|(const|let|var)\\s+)${name}\\b`).test(code)
    const global = new RegExp(`\\b(window|self|globalThis|top|parent)\\s*(\\?\\.|\\.)\\s*${name}\\b`)
    const bare = new RegExp(`(?<![\\w$.])${name}\\s*\\(`)
    if (global.test(code) || (!local && bare.test(code))) found.push(name)
  }
  return found
}

describe('no native dialogs', () => {
  it('finds every way of calling one, and leaves methods and local functions of the same name alone', () => {
    expect(nativeDialogCalls("window.alert('Saved')")).toEqual(['alert'])
    expect(nativeDialogCalls('if (confirm(question)) send()')).toEqual(['confirm'])
    expect(nativeDialogCalls('const name = globalThis.prompt("Name?")')).toEqual(['prompt'])
    expect(nativeDialogCalls('const ask = window.confirm')).toEqual(['confirm'])
    expect(nativeDialogCalls('onclick="alert(1)"')).toEqual(['alert'])
    expect(nativeDialogCalls('await event.prompt()')).toEqual([])
    expect(nativeDialogCalls('async function confirm() {}\nvoid confirm()')).toEqual([])
    expect(nativeDialogCalls('<p role="alert">{text}</p>')).toEqual([])
    expect(nativeDialogCalls('interface Event {\n  prompt(): Promise<void>\n}')).toEqual([])
    expect(nativeDialogCalls('/** Instead of alert(): a toast. */\n// or confirm()')).toEqual([])
    expect(nativeDialogCalls('fetch("https://example.in") // confirm(x)\nalert(2)')).toEqual(['alert'])
  })

  it('web/src (the service worker too) and index.html call none', () => {
    const files = [...sources(join(web, 'src')), join(web, 'index.html')]
    expect(files.length).toBeGreaterThan(100)
    const offenders = files.flatMap((file) =>
      nativeDialogCalls(readFileSync(file, 'utf8')).map((name) => `${relative(web, file)}: ${name}()`),
    )
    expect(offenders).toEqual([])
  })
})
