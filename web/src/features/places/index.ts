// Finding a place: the search, her position, the region's coverage. PlaceSearch brings its styles: it is in
// components.ts, so the planner's route search (planner/api.ts, used by the check-in) does not load them.
export { CoverageNote } from './CoverageNote.tsx'
export { pointOutside } from './coverage.ts'
export { detectPosition, LocationError, locationErrorMessage } from './geolocation.ts'
export { PLANNER_SEARCH_DELAY_MS, type Place } from './search.ts'
