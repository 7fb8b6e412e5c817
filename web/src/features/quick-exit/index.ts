export { onQuickExit } from './quickExit.ts'
