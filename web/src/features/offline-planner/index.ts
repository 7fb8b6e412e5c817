// Routes planned on the phone from kept area bundles (docs/planner.md, Kept on the phone). The worker and the
// bundle code load only when a plan or a check needs them: nothing here runs on '/'.
export { type Box, boxAround, HERE_MARGIN_METERS, TRIP_MARGIN_METERS } from './boxes.ts'
export { PhoneRouteError } from './client.ts'
export {
  dropSavedArea,
  KeepError,
  keepArea,
  keepWanted,
  type RegionRef,
  refreshKept,
  wantArea,
} from './keep.ts'
export { planOnPhone } from './onPhone.ts'
export type { PhoneProblem } from './protocol.ts'
export { PHONE_AFTER_MS, type RaceResult, raceRoutes } from './race.ts'
export { usePhonePlanner } from './usePhonePlanner.ts'
