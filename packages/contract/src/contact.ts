import { type Static, Type } from 'typebox'
import { Email, Text } from './common.ts'

export const ContactBody = Type.Object(
  {
    fullName: Text('Full name', 100, 'line'),
    emailId: { ...Email, title: 'Email' },
    query: Text('Query', 5000),
  },
  { additionalProperties: false },
)
export type ContactBody = Static<typeof ContactBody>

export const ContactResponse = Type.Object({ success: Type.Literal(true), message: Type.String() })
export type ContactResponse = Static<typeof ContactResponse>

export const ContactMessages = {
  sent: 'Message sent successfully!',
  failed: 'Failed to send message. Please try again.',
} as const
