// The steps `npm start` and `npm test` share: bootstrap pnpm, install the workspace, run commands.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.pnpm

export function log(message) {
  console.log(`\n\u25b6 ${message}`)
}

/** Runs a command in the repo root with inherited output; exits the script when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: buildEnv(), ...options })
  if (result.error) throw result.error
  if (result.status !== 0 && !options.allowFailure) {
    console.error(`\n\u2716 ${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`)
    process.exit(result.status ?? 1)
  }
  return result.status ?? 1
}

function succeeds(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'pipe', env: buildEnv(), encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim() : null
}

export function buildEnv(extra = {}) {
  const env = { ...process.env, ...extra }
  // Without a local copy of Node's headers node-gyp downloads them, and these machines have no internet
  // beyond the package registries: compile native modules (better-sqlite3) against the installed headers.
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr'
  env.COREPACK_ENABLE_DOWNLOAD_PROMPT = '0'
  return env
}

/** The pnpm the project pins, installed globally with npm when it is missing or another version. */
export function pnpm() {
  if (succeeds('pnpm', ['--version']) === pnpmVersion) return 'pnpm'
  log(`Installing pnpm ${pnpmVersion}`)
  if (run('npm', ['install', '--global', `pnpm@${pnpmVersion}`], { allowFailure: true }) === 0) {
    if (succeeds('pnpm', ['--version']) === pnpmVersion) return 'pnpm'
  }
  throw new Error(
    `Could not install pnpm ${pnpmVersion}: install it yourself with "npm install -g pnpm@${pnpmVersion}"`,
  )
}

export function installDependencies(pm) {
  log('Installing dependencies')
  const frozen = process.env.CI || existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : []
  run(pm, ['install', ...frozen])
  // Saathi's classifier is trained from its corpus at build time (packages/assistant/scripts/train.ts), not kept in git.
  log("Training Saathi's classifier (skipped when the corpus and its code have not changed)")
  run(pm, ['--filter', '@wings/assistant', 'run', 'train'])
}

export function buildWeb(pm) {
  log('Building the PWA')
  run(pm, ['--filter', '@wings/web', 'run', 'build'])
}

export const CHROMIUM = '/usr/bin/chromium'

/** A Devanagari font, so the browser tests lay out Hindi and Marathi as a phone does (Lohit: 78 KB). */
const DEVANAGARI_FONT = '/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf'

/** Debian chromium for the browser tests and the bundle benchmark (playwright-core drives it), with its fonts. */
export function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(DEVANAGARI_FONT)) return
  log('Installing Debian chromium and its fonts')
  aptInstall(['chromium', 'fonts-dejavu-core', 'fonts-lohit-deva'])
}

/** apt-get update and install, through sudo when not root. */
function aptInstall(packages) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo']
  const apt = (args) => run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args])
  apt(['update'])
  apt(['install', '-y', '--no-install-recommends', ...packages])
}

/**
 * The folder with PostgreSQL's server binaries (initdb, postgres): `pg_config --bindir`, the newest Debian
 * /usr/lib/postgresql/N/bin, then PATH; null if none. sync-server/src/testing/postgres-cluster.ts looks the same way.
 */
export function postgresBinDir({ path = process.env.PATH ?? '', debian = '/usr/lib/postgresql' } = {}) {
  const hasServer = (dir) => ['initdb', 'postgres'].every((name) => existsSync(join(dir, name)))
  const pgConfig = spawnSync('pg_config', ['--bindir'], { env: { ...process.env, PATH: path }, encoding: 'utf8' })
  const bindir = pgConfig.status === 0 ? pgConfig.stdout.trim() : null
  const versions = existsSync(debian) ? readdirSync(debian).filter((name) => /^\d+$/.test(name)) : []
  const candidates = [
    ...(bindir ? [bindir] : []),
    ...versions.sort((a, b) => Number(b) - Number(a)).map((version) => join(debian, version, 'bin')),
    ...path.split(':').filter((dir) => dir !== ''),
  ]
  return candidates.find(hasServer) ?? null
}

/** A PostgreSQL server for the tests' throwaway clusters (sync-server/vitest.global-setup.ts): Debian's package. */
export function ensurePostgres() {
  if (postgresBinDir()) return
  log('Installing Debian PostgreSQL (the tests start a throwaway cluster of their own)')
  aptInstall(['postgresql'])
  if (!postgresBinDir()) throw new Error('PostgreSQL was installed but its initdb and postgres were not found')
}
