import type {
  LoginBody,
  LoginResponse,
  LogoutResponse,
  ProfileResponse,
  ProfileUpdateBody,
  ProfileUpdateResponse,
  SignupBody,
  SignupResponse,
} from '@wings/contract'
import { apiFetch } from '../../api/client.ts'

export const login = (body: LoginBody) => apiFetch<LoginResponse>('/login', { method: 'POST', body })
export const signup = (body: SignupBody) => apiFetch<SignupResponse>('/signup', { method: 'POST', body })
export const logout = () => apiFetch<LogoutResponse>('/logout', { method: 'POST' })
export const fetchProfile = () => apiFetch<ProfileResponse>('/profile')
export const updateProfile = (body: ProfileUpdateBody) =>
  apiFetch<ProfileUpdateResponse>('/profile/update', { method: 'PATCH', body })

export const profileQuery = {
  queryKey: ['profile'] as const,
  queryFn: fetchProfile,
}
