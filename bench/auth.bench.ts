// Accounts on the real server over loopback, with the production argon2id cost: what a login costs and how
// many signed-in requests a second one process answers.
import { OWASP_ARGON2ID } from '../sync-server/src/config.ts'
import { createPasswords } from '../sync-server/src/modules/auth/passwords.ts'
import { benchServer } from './bench-server.ts'
import { load, report } from './http-load.ts'

const server = await benchServer()
const base = await server.listen()
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

await server.close()
