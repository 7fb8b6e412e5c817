export { installQuickExitKey, onQuickExit, setQuickExitNavigator } from './quickExit.ts'
