// Every pool worker starts here: the server is TypeScript run through tsx, so the worker registers tsx before it
// loads its module (workerData.entry), in the server as in the tests.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
