// `npm start`: install, build the PWA, start the one server process that serves the PWA and /api.
import { importRegionAndServe } from './serve.mjs'
import { buildWeb, installDependencies, pnpm } from './toolchain.mjs'

const pm = pnpm()
installDependencies(pm)
buildWeb(pm)
importRegionAndServe()
