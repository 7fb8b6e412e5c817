// Saathi's engine (packages/assistant) on its evaluation set (packages/assistant/eval/questions.json): top-1
// accuracy (the expected entry when one is given, else the intent), danger recall, danger answers without the SOS
// action, and the latency of one reply over the set. Targets: accuracy >= 90 %, danger recall 100 %, no danger
// answer without SOS. Exits non-zero when a target is missed.
// Run: cd sync-server && node --import tsx ../bench/assistant.bench.ts
import { readFileSync } from 'node:fs'
import { type EvalQuestion, evaluate, reply } from '../packages/assistant/src/index.ts'

const TARGET_ACCURACY = 0.9
const TARGET_RECALL = 1
const ROUNDS = 50

const questions = JSON.parse(
  readFileSync(new URL('../packages/assistant/eval/questions.json', import.meta.url), 'utf8'),
) as EvalQuestion[]
const dangers = questions.filter((q) => q.intent === 'danger').length

// The first reply builds the index: timed on its own.
let t0 = performance.now()
reply('hello')
const firstMs = performance.now() - t0

t0 = performance.now()
const result = evaluate(questions)
const evalMs = performance.now() - t0

const times: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  for (const question of questions) {
    const start = performance.now()
    reply(question.text)
    times.push(performance.now() - start)
  }
}
const sorted = times.sort((a, b) => a - b)
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

const missed: string[] = []
const check = (ok: boolean, what: string) => {
  if (!ok) missed.push(what)
  return ok ? 'met' : 'MISSED'
}
const percent = (x: number) => `${(x * 100).toFixed(1)}%`

console.log(
  `${result.total} questions (${dangers} danger), evaluated in ${evalMs.toFixed(0)} ms; first reply (builds the index) ${firstMs.toFixed(1)} ms`,
)
console.log(
  `top-1 accuracy ${percent(result.accuracy)}  danger recall ${percent(result.dangerRecall)}  danger without SOS ${result.dangerWithoutSos}  ` +
    `(false alarms ${result.falseAlarms}) [targets >= 90%, 100%, 0: ` +
    `${check(result.accuracy >= TARGET_ACCURACY, 'accuracy')}, ${check(result.dangerRecall >= TARGET_RECALL, 'danger recall')}, ` +
    `${check(result.dangerWithoutSos === 0, 'danger without SOS')}]`,
)
console.log(
  `reply latency over ${times.length} replies (${ROUNDS} rounds of the set): p50 ${(pct(50) * 1000).toFixed(0)} µs, p99 ${(pct(99) * 1000).toFixed(0)} µs`,
)
for (const miss of result.misses) console.log(`  miss: "${miss.text}" expected ${miss.expected}, got ${miss.got}`)

if (missed.length > 0) {
  console.error(`missed: ${missed.join(', ')}`)
  process.exit(1)
}
