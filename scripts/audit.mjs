// The dependency audit of `npm run bench`: `pnpm audit` must find no high or critical advisory. An advisory that
// does not apply to Wings is listed under pnpm.auditConfig.ignoreGhsas in package.json and explained in
// docs/security.md. Exits 0 when clean, 1 when an advisory needs work, 2 when the audit could not be run.
import { spawnSync } from 'node:child_process'
import { buildEnv, root } from './toolchain.mjs'

export function audit(pm) {
  const result = spawnSync(pm, ['audit', '--audit-level', 'high'], { cwd: root, env: buildEnv(), encoding: 'utf8' })
  const output = `${result.stdout}${result.stderr}`.trim()
  if (/ERR_PNPM_AUDIT_BAD_RESPONSE|ERR_PNPM_AUDIT_ENDPOINT|ENOTFOUND|ECONNREFUSED|ETIMEDOUT/.test(output)) {
    const reason = (/responded with \d+/.exec(output) ?? /E[A-Z_]{4,}/.exec(output))?.[0] ?? 'no answer'
    console.log(`dependency audit: NOT CHECKED, the registry's advisory service could not be used (${reason})`)
    return 2
  }
  console.log(output)
  console.log(
    `dependency audit: ${result.status === 0 ? 'no high or critical advisory' : 'high or critical advisories MISSED'}`,
  )
  return result.status === 0 ? 0 : 1
}
