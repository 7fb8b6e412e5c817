/**
 * Debian chromium as the browser tests and the benchmarks start it. Without the background-networking flags it
 * tries hosts outside this machine at every start; headless as root needs --no-sandbox.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
