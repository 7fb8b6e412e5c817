// The live share and the check-in as the SOS sheet and logout use them.
export { clockText } from './format.ts'
export {
  currentShare,
  type PendingShare,
  patchShare,
  readPending,
  readShare,
  retryPendingShare,
  type ShareSession,
  shareLink,
  startShareWhenReachable,
  stopShare,
  usePendingShare,
  useShareSession,
} from './session.ts'
export { needsOtherWay, ShareTruthText, shareTruth, truthText } from './shareStatus.ts'
