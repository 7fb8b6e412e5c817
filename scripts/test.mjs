// `npm test`: install, type-check, lint, unit + integration tests, build, browser tests; one closing tally.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  buildEnv,
  buildWeb,
  ensureChromium,
  ensurePostgres,
  installDependencies,
  log,
  pnpm,
  root,
  run,
} from './toolchain.mjs'

const reports = mkdtempSync(join(tmpdir(), 'wings-test-'))
const tally = { passed: 0, failed: 0, skipped: 0 }

/** Runs vitest with a JSON report beside the normal output, and adds its counts to the tally. */
function vitest(name, args) {
  const report = join(reports, `${name}.json`)
  const status = spawnSync(
    pm,
    ['exec', 'vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, stdio: 'inherit', env: buildEnv() },
  ).status
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'))
    tally.passed += result.numPassedTests
    // A test file that fails to load has no failed test of its own: count it, or the tally would say 0 failed.
    const unloaded = result.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0)
    tally.failed += result.numFailedTests + unloaded.length
    tally.skipped += result.numPendingTests + (result.numTodoTests ?? 0)
  }
  return status === 0
}

function finish(ok) {
  rmSync(reports, { recursive: true, force: true })
  console.log(`\n${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`)
  process.exit(ok ? 0 : 1)
}

const pm = pnpm()
installDependencies(pm)

log('Type-checking')
run(pm, ['-r', 'typecheck'])

log('Linting and format check (Biome)')
run(pm, ['exec', 'biome', 'ci', '.'])

log('Import boundaries (dependency-cruiser)')
run(process.execPath, ['scripts/boundaries.mjs'])

ensurePostgres()
log('Unit and integration tests')
if (!vitest('unit', [])) finish(false)

buildWeb(pm)
ensureChromium()

log('Browser tests (Debian chromium)')
finish(vitest('e2e', ['--config', 'web/vitest.e2e.config.ts']))
