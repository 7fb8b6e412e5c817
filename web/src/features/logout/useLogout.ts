import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { failureText } from '../../api/failure/failure.ts'
import { useToast } from '../../ui/Toast.tsx'
import { logout, useAuth } from '../auth/index.ts'
import { stopShare } from '../share/index.ts'
import { t } from './messages.ts'

export const LOGOUT_REDIRECT_MS = 2000

/** What she chose in the logout dialog (LogoutDialog). */
export interface LogoutChoices {
  /** Stop the live share running on this phone; it goes on otherwise. */
  stopSharing: boolean
  /** Keep her account's trusted contacts on this phone (for the SOS); they are removed from it otherwise. */
  keepContacts: boolean
}

export function useLogout() {
  const { clearUser } = useAuth()
  const toast = useToast()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)

  /** Her choices apply only once the server has ended the session: a failed logout changes nothing. */
  async function run({ stopSharing, keepContacts }: LogoutChoices = { stopSharing: false, keepContacts: false }) {
    if (busy) return
    setBusy(true)
    try {
      try {
        await logout()
      } catch (error) {
        // A session that is already gone server-side is a successful logout.
        if (!(error instanceof ApiError && error.status === 401)) throw error
      }
      // A share that could not be stopped still shows in the banner, with its Stop.
      if (stopSharing) await stopShare().catch(() => undefined)
      await clearUser({ keepContacts })
      queryClient.clear()
      toast(t('loggedOut'), { kind: 'success' })
      setTimeout(() => {
        void navigate({ to: '/' })
      }, LOGOUT_REDIRECT_MS)
    } catch (error) {
      toast(failureText(error, t('failed')), { kind: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return { logout: run, busy }
}
