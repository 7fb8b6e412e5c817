export { findRoutes } from './api.ts'
