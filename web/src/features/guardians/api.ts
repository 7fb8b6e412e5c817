/**
 * Guardians' calls (docs/guardians.md). Her side (signed in): invite, list, remove. These act on the server's state
 * only (the invitation needs the token the server makes), so they are online actions, not outbox ops. The guardian's
 * side: the invitation link's token is their right, so those calls carry no cookies.
 */
import { queryOptions } from '@tanstack/react-query'
import type { PushSubscription } from '@wings/contract'
import { callApi } from '../../api/client.ts'

export const fetchGuardians = async () => (await callApi('guardians')).guardians

export const guardiansQuery = (userId: string) =>
  queryOptions({ queryKey: ['guardians', userId], queryFn: fetchGuardians })

export const inviteGuardian = (name: string) => callApi('guardianCreate', { body: { name } })

export const removeGuardian = (id: string) => callApi('guardianDelete', { params: { id } })

export const fetchInvite = (token: string, signal?: AbortSignal) =>
  callApi('guardianInvite', { params: { token }, ...(signal ? { signal } : {}) })

export const fetchPushKey = async () => (await callApi('pushPublicKey')).publicKey

export const sendPushSubscription = (token: string, subscription: PushSubscription) =>
  callApi('guardianPush', { params: { token }, body: { subscription } })

export const sendEmail = (token: string, email: string) =>
  callApi('guardianEmail', { params: { token }, body: { email } })

export const confirmEmail = (token: string, code: string) =>
  callApi('guardianEmailConfirm', { params: { token }, body: { code } })

export const setShareStarted = (token: string, shareStarted: boolean) =>
  callApi('guardianPreferences', { params: { token }, body: { shareStarted } })

export const stopAlerts = (token: string) => callApi('guardianStop', { params: { token } })
