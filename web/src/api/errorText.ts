/**
 * What she reads when a call fails, in her language: the app's own message for each fixed server text of the
 * contract (found by the contract's constant, so the two cannot drift apart), else one for the error's code. In
 * English the server's own message stays exactly as it was sent. Loaded by client.ts on the first failure only.
 */
import type { Language } from '@wings/contract'
import {
  CHAT_TEXT_MAX,
  ChatMessages,
  COVERAGE_MESSAGE,
  ErrorCode,
  ErrorMessages,
  EVIDENCE_RECORDING_MAX_BYTES,
  EVIDENCE_USER_MAX_BYTES,
  EvidenceMessages,
  GeocodeMessages,
  GUARDIAN_NAME_MAX,
  GUARDIANS_MAX,
  GuardianMessages,
  INCIDENT_DESCRIPTION_MAX,
  IncidentMessages,
  MAX_TRIP_KM,
  Messages,
  PASSWORD_MIN,
  PasswordMessages,
  PHONE_EXAMPLE,
  PUSH_MAX_COSTLY_OPS,
  RegionMessages,
  ROUTE_TIP_MAX,
  SAVED_ROUTES_MAX,
  SavedRouteMessages,
  SHARE_CHECKIN_MARGIN_MINUTES,
  ShareMessages,
  SOS_MESSAGE_MAX,
  StoryMessages,
  SyncMessages,
  TileMessages,
  TRUSTED_CONTACT_NAME_MAX,
  TRUSTED_CONTACTS_MAX,
  TrustedContactMessages,
} from '@wings/contract'
import { i18n, loadCatalogs } from '../i18n/translate.ts'
import type en from './locales/en.json'
import { t } from './messages.ts'

type Key = keyof typeof en
type Values = Record<string, unknown>

/** The app's own text for an English message the app itself makes (engine.ts files a refused op under it). */
export const REFUSED_CHANGE = 'The server refused this change'

/** Each fixed text the server (or the sync engine) may answer, with its message here and that message's values. */
export const SERVER_TEXTS: ReadonlyArray<readonly [text: string, key: Key, values?: Values]> = [
  [REFUSED_CHANGE, 'refusedChange'],
  [ErrorMessages.tooManyRequests, 'tooManyRequests'],
  [ErrorMessages.tooManyLogins, 'tooManyLogins'],
  [ErrorMessages.tooManySignups, 'tooManySignups'],
  [ErrorMessages.notFound, 'notFound'],
  [ErrorMessages.internal, 'internal'],
  [ErrorMessages.storageUnavailable, 'storageUnavailable'],
  [ErrorMessages.busy, 'busy'],
  [ErrorMessages.payloadTooLarge, 'payloadTooLarge'],
  [ErrorMessages.badUrl, 'badUrl'],
  [Messages.signupFailed, 'signupFailed'],
  [Messages.emailTaken, 'emailTaken'],
  [Messages.loginFailed, 'loginFailed'],
  [Messages.badCredentials, 'badCredentials'],
  [Messages.fillAll, 'fillAll'],
  [Messages.invalidEmail, 'invalidEmail'],
  [Messages.logoutFailed, 'logoutFailed'],
  [Messages.profileUpdateFailed, 'profileUpdateFailed'],
  [Messages.profileLoadFailed, 'profileLoadFailed'],
  [Messages.signedOut, 'signedOut'],
  [PasswordMessages.mostlySpaces, 'passwordMostlySpaces'],
  [PasswordMessages.tooFewCharacters, 'passwordTooShort', { min: PASSWORD_MIN }],
  [PasswordMessages.tooCommon, 'passwordTooCommon'],
  [ChatMessages.textRequired, 'chatTextRequired'],
  [ChatMessages.textTooLong, 'chatTextTooLong', { max: CHAT_TEXT_MAX }],
  [ChatMessages.notYours, 'chatNotYours'],
  [ChatMessages.tooMany, 'chatTooMany'],
  [GuardianMessages.name, 'guardianName', { max: GUARDIAN_NAME_MAX }],
  [GuardianMessages.tooMany, 'guardianTooMany', { max: GUARDIANS_MAX }],
  [GuardianMessages.notFound, 'guardianNotFound'],
  [GuardianMessages.invite, 'guardianInvite'],
  [GuardianMessages.inviteUnknown, 'guardianInviteUnknown'],
  [GuardianMessages.inviteGone, 'guardianInviteGone'],
  [GuardianMessages.code, 'guardianCode'],
  [GuardianMessages.codeWrong, 'guardianCodeWrong'],
  [GuardianMessages.pushService, 'guardianPushService'],
  [GuardianMessages.emailUnavailable, 'guardianEmailUnavailable'],
  [GuardianMessages.emailFailed, 'guardianEmailFailed'],
  [GuardianMessages.tooManyInvites, 'guardianTooManyInvites'],
  [GuardianMessages.tooManyAlerts, 'guardianTooManyAlerts'],
  [GuardianMessages.message, 'guardianMessage', { max: SOS_MESSAGE_MAX }],
  [IncidentMessages.inFuture, 'incidentInFuture'],
  [IncidentMessages.tooOld, 'incidentTooOld'],
  [IncidentMessages.description, 'incidentDescription', { max: INCIDENT_DESCRIPTION_MAX }],
  [IncidentMessages.rating, 'incidentRating'],
  [IncidentMessages.tip, 'incidentTip', { max: ROUTE_TIP_MAX }],
  [IncidentMessages.mode, 'incidentMode'],
  [IncidentMessages.routeNotMatched, 'routeNotMatched'],
  [IncidentMessages.noRegion, 'noRegion'],
  [RegionMessages.noRegion, 'noRegion'],
  [RegionMessages.outsideRegion, 'outsideRegion'],
  [RegionMessages.noRoute, 'noRoute'],
  [RegionMessages.tooFar.foot, 'tooFarToWalk', { km: MAX_TRIP_KM.foot }],
  [RegionMessages.tooFar.bike, 'tooFarToCycle', { km: MAX_TRIP_KM.bike }],
  [RegionMessages.tooFar.car, 'tooFarToDrive', { km: MAX_TRIP_KM.car }],
  [GeocodeMessages.noRegion, 'noRegion'],
  [GeocodeMessages.nothingNear, 'nothingNear'],
  [COVERAGE_MESSAGE, 'noCoverage'],
  [TileMessages.noRegion, 'noMapRegion'],
  [TileMessages.tooManyTiles, 'tooManyTiles'],
  [SavedRouteMessages.duplicate, 'routeDuplicate'],
  [SavedRouteMessages.notFound, 'routeNotFound'],
  [SavedRouteMessages.notYours, 'routeNotYours'],
  [SavedRouteMessages.tooMany, 'routeTooMany', { max: SAVED_ROUTES_MAX }],
  [ShareMessages.wrongKey, 'shareWrongKey'],
  [ShareMessages.ended, 'shareEnded'],
  [ShareMessages.notFound, 'shareNotFound'],
  [ShareMessages.token, 'shareToken'],
  [ShareMessages.duration, 'shareDuration'],
  [ShareMessages.deadlinePast, 'shareDeadlinePast'],
  [ShareMessages.deadlineAfterEnd, 'shareDeadlineAfterEnd', { minutes: SHARE_CHECKIN_MARGIN_MINUTES }],
  [ShareMessages.tooManyShares, 'shareTooMany'],
  [ShareMessages.tooManyUpdates, 'shareTooManyUpdates'],
  [StoryMessages.loginRequired, 'storyLoginRequired'],
  [StoryMessages.loginToReact, 'storyLoginToReact'],
  [StoryMessages.alreadyReported, 'storyAlreadyReported'],
  [StoryMessages.storyNotFound, 'storyNotFound'],
  [StoryMessages.draftNotFound, 'draftNotFound'],
  [StoryMessages.notYourStory, 'storyNotYours'],
  [StoryMessages.notYourDraft, 'draftNotYours'],
  [StoryMessages.storyIdTaken, 'storyIdTaken'],
  [TrustedContactMessages.duplicate, 'contactDuplicate'],
  [TrustedContactMessages.tooMany, 'contactTooMany', { max: TRUSTED_CONTACTS_MAX }],
  [TrustedContactMessages.notFound, 'contactNotFound'],
  [TrustedContactMessages.notYours, 'contactNotYours'],
  [TrustedContactMessages.phone, 'contactPhone', { example: PHONE_EXAMPLE }],
  [TrustedContactMessages.nameRequired, 'contactNameRequired'],
  [TrustedContactMessages.nameTooLong, 'contactNameTooLong', { max: TRUSTED_CONTACT_NAME_MAX }],
  [SyncMessages.tooManyCostlyOps, 'tooManyCostlyOps', { max: PUSH_MAX_COSTLY_OPS }],
  [EvidenceMessages.notFound, 'recordingNotFound'],
  [EvidenceMessages.tooLong, 'recordingTooLong'],
  [EvidenceMessages.recordingTooLarge, 'recordingTooLarge', { mb: EVIDENCE_RECORDING_MAX_BYTES / (1024 * 1024) }],
  [EvidenceMessages.quotaFull, 'recordingQuotaFull', { mb: EVIDENCE_USER_MAX_BYTES / (1024 * 1024) }],
  [EvidenceMessages.tooManyChunks, 'recordingTooManyChunks'],
]

const BY_TEXT = new Map(SERVER_TEXTS.map(([text, key, values]) => [text, { key, values }]))

/** A message for each error code: what happened and what she can do. */
const BY_CODE: Record<string, Key> = {
  [ErrorCode.validation]: 'codeValidation',
  [ErrorCode.unauthenticated]: 'codeUnauthenticated',
  [ErrorCode.forbidden]: 'codeForbidden',
  [ErrorCode.notFound]: 'codeNotFound',
  [ErrorCode.conflict]: 'codeConflict',
  [ErrorCode.payloadTooLarge]: 'codePayloadTooLarge',
  [ErrorCode.unsupportedMediaType]: 'codeUnsupported',
  [ErrorCode.rateLimited]: 'codeRateLimited',
  [ErrorCode.badOrigin]: 'codeBadOrigin',
  [ErrorCode.unavailable]: 'codeUnavailable',
  [ErrorCode.outsideRegion]: 'codeOutsideRegion',
  [ErrorCode.tripTooLong]: 'codeTripTooLong',
  [ErrorCode.gone]: 'codeGone',
  [ErrorCode.internal]: 'codeInternal',
}

/** The language she reads now. */
const current = () => i18n.locale as Language

/** This folder's catalog in her language, before a message of it is made (English needs nothing). */
export async function ready(): Promise<void> {
  if (current() !== 'en') await loadCatalogs(current())
}

/** The server's `message` (with its `code`) as she should read it: in English exactly the server's words. */
export function serverMessage(code: string, message: string): string {
  if (current() === 'en') return message
  const known = BY_TEXT.get(message)
  if (known) return t(known.key, known.values)
  return t(BY_CODE[code] ?? 'codeOther')
}

/** The texts the app makes itself for a failed call. */
export const ownMessage = {
  network: () => t('network'),
  http: (status: number) => t(status >= 500 ? 'httpServer' : 'httpError'),
  badResponse: () => t('badResponse'),
}

/** serverMessage once this folder's catalog in her language has arrived. */
export async function serverMessageReady(code: string, message: string): Promise<string> {
  await ready()
  return serverMessage(code, message)
}

/** One of ownMessage's texts once this folder's catalog in her language has arrived. */
export async function ownMessageReady(make: () => string): Promise<string> {
  await ready()
  return make()
}
