// Accounts on the real server over loopback, with the production argon2id cost: what a login costs and how
// many signed-in requests a second one process answers.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../sync-server/src/app.ts'
import { loadConfig, OWASP_ARGON2ID } from '../sync-server/src/config.ts'
import { createPasswords } from '../sync-server/src/modules/auth/passwords.ts'
import { load, report } from './http-load.ts'

const unlimited = { max: 1_000_000, windowMs: 60_000 }
const dataDir = mkdtempSync(join(tmpdir(), 'wings-bench-'))
const config = {
  ...loadConfig({}),
  dataDir,
  logLevel: 'silent' as const,
  rateLimits: { api: unlimited, login: unlimited, signup: unlimited, contact: unlimited, syncPush: unlimited },
}
const app = buildApp(config)
const base = await app.listen({ host: '127.0.0.1', port: 0 })
const json = { 'content-type': 'application/json' }

const argonRounds = 20
const passwords = createPasswords(OWASP_ARGON2ID)
let t0 = performance.now()
const stored = await passwords.hash('Bench!Passw0rd')
for (let i = 1; i < argonRounds; i++) await passwords.hash('Bench!Passw0rd')
const hashMs = (performance.now() - t0) / argonRounds
t0 = performance.now()
for (let i = 0; i < argonRounds; i++) await passwords.verify(stored, 'Bench!Passw0rd')
const verifyMs = (performance.now() - t0) / argonRounds
console.log(
  `argon2id (${JSON.stringify(OWASP_ARGON2ID)}): hash ${hashMs.toFixed(1)} ms, verify ${verifyMs.toFixed(1)} ms`,
)

const account = (i: number) => ({
  firstName: 'Bench',
  lastName: 'User',
  age: 30,
  gender: 'female',
  email: `bench${i}@example.in`,
  password: 'Bench!Passw0rd',
})
report(
  'POST /api/signup',
  await load(
    200,
    4,
    (i) => fetch(`${base}/api/signup`, { method: 'POST', headers: json, body: JSON.stringify(account(i)) }),
    201,
  ),
)
report(
  'POST /api/login',
  await load(200, 4, (i) =>
    fetch(`${base}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: account(i).email, password: 'Bench!Passw0rd' }),
    }),
  ),
)

const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ email: account(0).email, password: 'Bench!Passw0rd' }),
})
const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? ''
report(
  'GET /api/profile (signed in)',
  await load(5000, 16, () => fetch(`${base}/api/profile`, { headers: { cookie } })),
)
report('GET /api/healthz', await load(5000, 16, () => fetch(`${base}/api/healthz`)))

await app.close()
rmSync(dataDir, { recursive: true, force: true })
