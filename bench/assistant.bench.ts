// Saathi (packages/assistant) scored as the issue asks, on its two evaluation sets (packages/assistant/eval/README.md):
// danger first, the situation's numbers, facts, how-to answers and harmless messages not flagged, per language and
// per kind, on the dev set and on the held-out set (never tuned on: only its counts are printed). Then the first
// rules' 167 questions (a regression set), the time of one reply in Node (the server) and in chromium (the app), and
// the model: its size, and that it loads with the chat panel, not on /.
// Targets (held-out set): danger first >= 98 %, situation numbers >= 95 %, facts 100 %, how-to >= 90 %, harmless
// not flagged >= 95 %; reply p99 <= 5 ms in both; the model <= 150 KB gzipped, not loaded by /.
// Run: cd sync-server && node --import tsx ../bench/assistant.bench.ts
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { readEvalSet } from '../packages/assistant/scripts/corpus.ts'
import { MODEL } from '../packages/assistant/src/classifier/model.generated.ts'
import {
  belowTarget,
  CHECKS,
  type Check,
  type EvalQuestion,
  evaluate,
  reply,
  type Scorecard,
  score,
  share,
  TARGETS,
  type Tally,
} from '../packages/assistant/src/index.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../web/e2e/chromium.ts'
import { benchServer } from './bench-server.ts'
import { percentile } from './report.ts'

const TARGET_P99_MS = 5
const TARGET_MODEL_KB = 150
const ROUNDS = 20
const missed: string[] = []

const percent = (t: Tally) => (t.total === 0 ? '    -' : `${(share(t) * 100).toFixed(1).padStart(5)}%`)
const SHORT: Record<Check, string> = {
  dangerFirst: 'danger first',
  situationNumbers: 'numbers',
  facts: 'facts',
  howto: 'how-to',
  harmlessNotFlagged: 'harmless ok',
}

function table(title: string, rows: Record<string, Record<Check, Tally>>) {
  console.log(`  ${title.padEnd(14)}${CHECKS.map((c) => SHORT[c].padStart(14)).join('')}`)
  for (const [name, tallies] of Object.entries(rows))
    console.log(
      `  ${name.padEnd(14)}${CHECKS.map((c) => `${percent(tallies[c])} (${String(tallies[c].total).padStart(3)})`.padStart(14)).join('')}`,
    )
}

function report(name: string, card: Scorecard, targets: boolean) {
  const below = belowTarget(card.overall)
  console.log(`\n${name}: ${CHECKS.map((c) => `${SHORT[c]} ${percent(card.overall[c]).trim()}`).join(', ')}`)
  if (targets) {
    console.log(
      `  [targets ${CHECKS.map((c) => `${SHORT[c]} >= ${TARGETS[c] * 100}%`).join(', ')}: ${below.length ? `MISSED ${below.join(', ')}` : 'met'}]`,
    )
    missed.push(...below.map((c) => `${name} ${c}`))
  }
  table('language', card.byLanguage)
  table('kind', card.byKind)
}

const dev = score(readEvalSet('dev'))
report(`dev set (${readEvalSet('dev').length} questions)`, dev, false)
for (const miss of dev.misses)
  console.log(`  dev miss ${miss.check} [${miss.lang} ${miss.kind}] ${miss.got}: "${miss.text}"`)
const heldout = score(readEvalSet('heldout'))
report(`held-out set (${readEvalSet('heldout').length} questions)`, heldout, true)
console.log(`  held-out misses: ${heldout.misses.length} (not listed: the set is not for tuning)`)

const first = JSON.parse(
  readFileSync(new URL('../packages/assistant/eval/questions.json', import.meta.url), 'utf8'),
) as EvalQuestion[]
const old = evaluate(first)
console.log(
  `\nthe first rules' ${old.total} questions: top-1 ${(old.accuracy * 100).toFixed(1)}%, danger recall ${(old.dangerRecall * 100).toFixed(1)}%, ` +
    `false alarms ${old.falseAlarms}, danger without SOS ${old.dangerWithoutSos}`,
)

// Time: every question of both sets, ROUNDS times, in Node.
const texts = [...readEvalSet('dev'), ...readEvalSet('heldout')].map((q) => q.text)
const nodeTimes: number[] = []
for (let round = 0; round < ROUNDS; round++)
  for (const text of texts) {
    const start = performance.now()
    reply(text)
    nodeTimes.push(performance.now() - start)
  }
const nodeP99 = percentile(nodeTimes, 0.99)
console.log(
  `\nreply in Node over ${nodeTimes.length} replies: p50 ${percentile(nodeTimes, 0.5).toFixed(2)} ms, p99 ${nodeP99.toFixed(2)} ms ` +
    `[target p99 <= ${TARGET_P99_MS} ms: ${nodeP99 <= TARGET_P99_MS ? 'met' : 'MISSED'}]`,
)
if (nodeP99 > TARGET_P99_MS) missed.push('reply p99 in Node')

// The model's share of the chat's code, gzipped as the server sends it.
const modelJson = JSON.stringify(MODEL)
const modelKb = gzipSync(modelJson).length / 1024
console.log(
  `model: ${(modelJson.length / 1024).toFixed(0)} KB, ${modelKb.toFixed(1)} KB gzipped ` +
    `[target <= ${TARGET_MODEL_KB} KB: ${modelKb <= TARGET_MODEL_KB ? 'met' : 'MISSED'}]`,
)
if (modelKb > TARGET_MODEL_KB) missed.push('model size')

// In chromium: the engine bundled as the app bundles it, timed on the same messages; then the built app, to see
// which page loads the model.
const bundle = await build({
  stdin: {
    contents: "import { reply } from './packages/assistant/src/index.ts'; globalThis.saathiReply = reply",
    resolveDir: new URL('..', import.meta.url).pathname,
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  write: false,
  minify: true,
  platform: 'browser',
})
const server = await benchServer()
const base = await server.listen()
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  // A blank page of its own: the app's CSP rightly refuses an inline script.
  const blank = await browser.newPage()
  await blank.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' })
  const browserTimes = await blank.evaluate(
    ({ texts, rounds }) => {
      const answer = (globalThis as unknown as { saathiReply: (text: string) => unknown }).saathiReply
      const times: number[] = []
      for (let round = 0; round < rounds; round++)
        for (const text of texts) {
          const start = performance.now()
          answer(text)
          times.push(performance.now() - start)
        }
      return times
    },
    { texts, rounds: ROUNDS },
  )
  const browserP99 = percentile(browserTimes, 0.99)
  console.log(
    `reply in chromium over ${browserTimes.length} replies: p50 ${percentile(browserTimes, 0.5).toFixed(2)} ms, ` +
      `p99 ${browserP99.toFixed(2)} ms [target p99 <= ${TARGET_P99_MS} ms: ${browserP99 <= TARGET_P99_MS ? 'met' : 'MISSED'}]`,
  )
  if (browserP99 > TARGET_P99_MS) missed.push('reply p99 in chromium')
  await blank.close()

  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block' })
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('blockedbyclient'))
  const page = await context.newPage()

  // Which scripts carry the model: none on /, one once the chat panel opens.
  const scripts = new Map<string, Buffer>()
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      void response.body().then((body) => scripts.set(new URL(response.url()).pathname, body))
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  const onHome = [...scripts.values()].some((body) => body.includes(MODEL.source))
  await page.getByRole('button', { name: 'Open chat with Saathi' }).click()
  await page.getByRole('textbox', { name: 'Message Saathi' }).waitFor()
  await page.waitForLoadState('networkidle')
  const carrier = [...scripts.entries()].find(([, body]) => body.includes(MODEL.source))
  const ok = !onHome && carrier !== undefined
  console.log(
    `the model is in ${carrier ? `${carrier[0]} (${(gzipSync(carrier[1]).length / 1024).toFixed(1)} KB gzipped with the rest of the chat)` : 'no script loaded with the chat'}; ` +
      `on /: ${onHome ? 'yes' : 'no'} [loaded with the chat panel, not on /: ${ok ? 'met' : 'MISSED'}]`,
  )
  if (!ok) missed.push('model loading')
} finally {
  await browser.close()
  await server.close()
}

if (missed.length > 0) {
  console.error(`\nmissed: ${missed.join(', ')}`)
  process.exit(1)
}
