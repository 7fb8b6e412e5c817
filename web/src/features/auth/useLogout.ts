import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Messages } from '@wings/contract'
import { useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { useToast } from '../../ui/Toast.tsx'
import { useAuth } from './AuthProvider.tsx'
import { logout } from './api.ts'

export const LOGOUT_REDIRECT_MS = 2000

export function useLogout() {
  const { clearUser } = useAuth()
  const toast = useToast()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)

  async function run() {
    if (busy) return
    setBusy(true)
    try {
      try {
        await logout()
      } catch (error) {
        // A session that is already gone server-side is a successful logout.
        if (!(error instanceof ApiError && error.status === 401)) throw error
      }
      await clearUser()
      queryClient.clear()
      toast(Messages.logoutOk, { kind: 'success' })
      setTimeout(() => {
        void navigate({ to: '/' })
      }, LOGOUT_REDIRECT_MS)
    } catch {
      toast(Messages.logoutFailed, { kind: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return { logout: run, busy }
}
