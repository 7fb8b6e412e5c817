/**
 * Trains Saathi's classifier on the corpus and writes src/classifier/model.generated.ts (not committed: made at
 * install time by the root postinstall). Skips the work when the model on disk was trained from the same corpus and
 * code. `--force` trains again anyway.
 */

import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { HEAD_OPTIONS, trainModel } from '../src/classifier/train.ts'
import { corpusFiles, PACKAGE_DIR, readCorpus } from './corpus.ts'

const OUTPUT = join(PACKAGE_DIR, 'src/classifier/model.generated.ts')
/** The code a model depends on: a change to any of them trains again. */
const CODE = ['features.ts', 'romanize.ts', 'train.ts', 'model.ts'].map((name) =>
  join(PACKAGE_DIR, 'src/classifier', name),
)
const SHARED = ['src/text.ts', 'src/situations.ts', 'scripts/train.ts'].map((name) => join(PACKAGE_DIR, name))

function sourceHash(): string {
  const hash = createHash('sha256')
  for (const file of [...corpusFiles(), ...CODE, ...SHARED])
    hash.update(file.slice(PACKAGE_DIR.length)).update(readFileSync(file))
  hash.update(JSON.stringify(HEAD_OPTIONS))
  return hash.digest('hex')
}

const source = sourceHash()
const current = existsSync(OUTPUT) ? /source: '([0-9a-f]+)'/.exec(readFileSync(OUTPUT, 'utf8'))?.[1] : undefined
if (current === source && !process.argv.includes('--force')) {
  console.log('assistant model: up to date')
} else {
  const started = performance.now()
  const lines = readCorpus()
  const model = { source, ...trainModel(lines) }
  const body = JSON.stringify(model, null, 1)
  writeFileSync(
    OUTPUT,
    `// Made by scripts/train.ts from corpus/ (pnpm --filter @wings/assistant train): do not edit, not committed.\n` +
      `import type { StoredModel } from './model.ts'\n\nexport const MODEL: StoredModel = ${body}\n`,
  )
  console.log(
    `assistant model: trained on ${lines.length} messages in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
      `${(Buffer.byteLength(body) / 1024).toFixed(0)} KB`,
  )
}
