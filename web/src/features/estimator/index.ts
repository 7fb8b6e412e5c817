export { rememberPlace } from './knownPlaces.ts'
