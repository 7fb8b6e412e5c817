// The SOS message, its links, her position and the request that opens the sheet: what the sheet (sos-sheet), the
// live share and Saathi build on. WhatsAppLink brings its styles: it is in components.ts, so the live share's
// runner, on every screen, does not load them.
export { ageText, type KnownPosition, lastKnownPosition, rememberPosition } from './lastPosition.ts'
export {
  findPlace,
  hasGeolocation,
  type LocationProblem,
  LocationText,
  locate,
  locationDenied,
  locationProblemOf,
  RELOCATE_MS,
} from './location.ts'
// The SOS words (the sheet shows the same SOS texts).
export { useT as useSosT } from './messages.ts'
export {
  callLink,
  mapsLink,
  SOS_CONFIRM,
  SOS_MESSAGE,
  SOS_MESSAGE_NO_PLACE,
  SOS_NO_GEOLOCATION,
  type SosPlace,
  smsLink,
  sosText,
  whatsappLink,
} from './sos.ts'
export { onSosRequest, requestSos, type SosRequest } from './sosRequest.ts'
