/** Reading the labelled corpus (../corpus) and the evaluation sets (../eval): JSONL, one message a line. */

import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Kind } from '../src/situations.ts'

export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
export const CORPUS_DIR = join(PACKAGE_DIR, 'corpus')
export const EVAL_DIR = join(PACKAGE_DIR, 'eval')

export interface CorpusLine {
  text: string
  kind: Kind
  /** The language: the file's name, or the line's own for other.jsonl. */
  lang: string
  script?: 'latn'
}

/** One line of an evaluation set (eval/README.md). */
export interface EvalLine {
  text: string
  lang: string
  kind: Kind
  /** For 'fact': what the answer's text must contain. */
  expect?: string[]
  /** For 'howto': the screen a button must open, or 'sos'. */
  screen?: string
}

export function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line) as T
      } catch {
        throw new Error(`${file}:${i + 1}: not JSON`)
      }
    })
}

export const corpusFiles = (): string[] =>
  readdirSync(CORPUS_DIR)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => join(CORPUS_DIR, name))

/** Every line of the corpus, with its language. */
export function readCorpus(): CorpusLine[] {
  return corpusFiles().flatMap((file) => {
    // en.jsonl, en.2.jsonl...: the language is the name before the first dot.
    const fileLang = file.slice(file.lastIndexOf('/') + 1).split('.')[0] as string
    return readJsonl<Omit<CorpusLine, 'lang'> & { lang?: string }>(file).map((line) => ({
      ...line,
      lang: line.lang ?? (line.script === 'latn' && fileLang === 'mr' ? 'mr-latn' : fileLang),
    }))
  })
}

export const readEvalSet = (name: 'dev' | 'heldout'): EvalLine[] => readJsonl<EvalLine>(join(EVAL_DIR, `${name}.jsonl`))
