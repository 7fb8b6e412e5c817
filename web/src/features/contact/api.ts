import type { ContactBody, ContactResponse } from '@wings/contract'
import { apiFetch } from '../../api/client.ts'

export const sendContact = (body: ContactBody) => apiFetch<ContactResponse>('/contact', { method: 'POST', body })
