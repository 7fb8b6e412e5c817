/**
 * Guardians' calls (docs/guardians.md). Her side (signed in): invite, list, remove. These act on the server's state
 * only (the invitation needs the token the server makes), so they are online actions, not outbox ops. The guardian's
 * side: the invitation link's token is their right, so those calls carry no cookies.
 */
import { queryOptions } from '@tanstack/react-query'
import type {
  GuardianCreateResponse,
  GuardianInviteView,
  GuardianListResponse,
  PushPublicKeyResponse,
  PushSubscription,
} from '@wings/contract'
import { apiFetch } from '../../api/client.ts'

export const fetchGuardians = async () => (await apiFetch<GuardianListResponse>('/guardians')).guardians

export const guardiansQuery = (userId: string) =>
  queryOptions({ queryKey: ['guardians', userId], queryFn: fetchGuardians })

export const inviteGuardian = (name: string) => apiFetch<GuardianCreateResponse>('/guardians', { body: { name } })

export const removeGuardian = (id: string) =>
  apiFetch<unknown>(`/guardians/${encodeURIComponent(id)}`, { method: 'DELETE' })

const invitePath = (token: string, action = '') =>
  `/guardian-invites/${encodeURIComponent(token)}${action ? `/${action}` : ''}`
const guardian = { credentials: 'omit' as const }

export const fetchInvite = (token: string, signal?: AbortSignal) =>
  apiFetch<GuardianInviteView>(invitePath(token), { ...guardian, ...(signal ? { signal } : {}) })

export const fetchPushKey = async () => (await apiFetch<PushPublicKeyResponse>('/push/public-key', guardian)).publicKey

export const sendPushSubscription = (token: string, subscription: PushSubscription) =>
  apiFetch<unknown>(invitePath(token, 'push'), { ...guardian, body: { subscription } })

export const sendEmail = (token: string, email: string) =>
  apiFetch<unknown>(invitePath(token, 'email'), { ...guardian, body: { email } })

export const confirmEmail = (token: string, code: string) =>
  apiFetch<unknown>(invitePath(token, 'email/confirm'), { ...guardian, body: { code } })

export const setShareStarted = (token: string, shareStarted: boolean) =>
  apiFetch<unknown>(invitePath(token, 'preferences'), { ...guardian, body: { shareStarted } })

export const stopAlerts = (token: string) => apiFetch<unknown>(invitePath(token, 'stop'), { ...guardian, body: {} })
