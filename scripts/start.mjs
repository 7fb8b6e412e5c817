// `npm start`: install, build the PWA, start the one server process that serves the PWA and /api.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { buildEnv, buildWeb, installDependencies, log, pnpm, root } from './toolchain.mjs'

const pm = pnpm()
installDependencies(pm)
buildWeb(pm)

log('Starting Wings')
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'sync-server/src/server.ts')], {
  cwd: join(root, 'sync-server'),
  stdio: 'inherit',
  env: buildEnv({ NODE_ENV: process.env.NODE_ENV ?? 'production' }),
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
