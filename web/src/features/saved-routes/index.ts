export { saveRoute } from './ops.ts'
