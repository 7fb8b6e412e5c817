export { saveDraft } from './ops.ts'
