import type { LoginBody, SignupBody } from '@wings/contract'
import { callApi } from '../../api/client.ts'

export const login = (body: LoginBody) => callApi('login', { body })
export const signup = (body: SignupBody) => callApi('signup', { body })
export const logout = () => callApi('logout')
export const fetchProfile = () => callApi('profile')

export const profileQuery = {
  queryKey: ['profile'] as const,
  queryFn: fetchProfile,
}
