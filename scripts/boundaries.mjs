// Import boundaries (README.md, "Boundaries"): runs dependency-cruiser with the rules in .dependency-cruiser.cjs and
// .dependency-cruiser.features.cjs. `node scripts/boundaries.mjs` prints every import that crosses one and fails.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { root } from './toolchain.mjs'

const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')
const CONFIGS = ['.dependency-cruiser.cjs', '.dependency-cruiser.features.cjs']
const SOURCES = ['web/src', 'sync-server/src']

/**
 * Every import in `dir` (the repository by default: its web/src and sync-server/src) that breaks a rule, as
 * `{ rule, from, to }`; a cycle's `to` is the whole cycle, `from` first.
 */
export function boundaryViolations(dir = root) {
  const sources = SOURCES.filter((source) => existsSync(join(dir, source)))
  return CONFIGS.flatMap((config) => {
    const result = spawnSync(
      process.execPath,
      [depcruise, '--config', join(root, config), '--output-type', 'json', ...sources],
      { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    )
    if (result.error) throw result.error
    if (!result.stdout.trim().startsWith('{')) throw new Error(`dependency-cruiser failed:\n${result.stderr}`)
    return JSON.parse(result.stdout).summary.violations.map((violation) => ({
      rule: violation.rule.name,
      from: violation.from,
      to: violation.cycle?.length ? violation.cycle.map((step) => step.name ?? step).join(' -> ') : violation.to,
    }))
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const violations = boundaryViolations()
  for (const { rule, from, to } of violations) console.error(`  ${rule}: ${from} -> ${to}`)
  console.log(violations.length ? `\u2716 ${violations.length} import(s) cross a boundary` : 'No boundary crossed')
  process.exit(violations.length ? 1 : 0)
}
