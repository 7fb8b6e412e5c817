import { afterFirstScreen } from '../../ui/afterFirstScreen.ts'
import { PENDING_KEY } from './keys.ts'

/**
 * When Wings starts signed in, or she signs in (app/Account.tsx calls it): recordings waiting for upload, or left by a
 * page that died, go once the first screen is up. Only a flag in local storage is read before: the uploader loads
 * only when there is something to do.
 */
export function uploadWaitingEvidence(): void {
  afterFirstScreen(() => {
    try {
      if (localStorage.getItem(PENDING_KEY) === null) return
    } catch {
      return
    }
    void import('./index.ts').then(
      (m) => m.runUploads(),
      () => undefined,
    )
  })
}
