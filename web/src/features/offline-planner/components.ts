// The offline planner's components (the offline-maps screen shows what is kept and the budget).
export { KeptData } from './KeptData.tsx'
