// The live share and the check-in as the SOS sheet and logout use them.
export { clockText } from './format.ts'
export {
  type PendingShare,
  readPending,
  retryPendingShare,
  startShareWhenReachable,
  usePendingShare,
} from './pendingShare.ts'
export {
  currentShare,
  patchShare,
  readShare,
  type ShareSession,
  shareLink,
  stopShare,
  useShareSession,
} from './session.ts'
export { needsOtherWay, ShareTruthText, shareTruth, truthText } from './shareStatus.ts'
