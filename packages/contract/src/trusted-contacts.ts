import { type Static, Type } from 'typebox'
import { ObjectId, saveSchemas, Text } from './common.ts'
import {
  PHONE_INPUT_MAX,
  PHONE_INPUT_PATTERN,
  TRUSTED_CONTACT_NAME_MAX,
  TrustedContactMessages,
} from './trusted-contacts-rules.ts'

/** A phone as typed (PHONE_INPUT_PATTERN): the server stores and answers it in E.164 (normalizePhone). */
export const Phone = Type.String({
  title: 'Phone',
  maxLength: PHONE_INPUT_MAX,
  pattern: PHONE_INPUT_PATTERN,
  errorMessage: TrustedContactMessages.phone,
})

const contactFields = {
  name: Text('Name', TRUSTED_CONTACT_NAME_MAX, 'line'),
  phone: Phone,
}

/**
 * POST /api/contacts/trusted, and the 'trusted.save' op: creates her contact, or updates it when `_id` names one of
 * hers (the client's id when made offline). Another user's `_id` is 403; a phone she already has under another
 * contact is 409.
 */
export const { body: TrustedContactSaveBody, op: TrustedContactSaveOp } = saveSchemas(contactFields)
export type TrustedContactSaveBody = Static<typeof TrustedContactSaveBody>
export type TrustedContactSaveOp = Static<typeof TrustedContactSaveOp>

export const TrustedContact = Type.Object({
  _id: ObjectId,
  name: Type.String(),
  /** E.164 ('+919876543210'); a number stored by an older version in another form is normalized when read. */
  phone: Type.String(),
  /** ISO date-time of its first save (her list is in this order). */
  createdAt: Type.String(),
})
export type TrustedContact = Static<typeof TrustedContact>

/** GET /api/contacts/trusted: hers, in the order she added them. */
export const TrustedContactsResponse = Type.Object({
  success: Type.Literal(true),
  contacts: Type.Array(TrustedContact),
})
export type TrustedContactsResponse = Static<typeof TrustedContactsResponse>

export const TrustedContactSaveResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.Literal(TrustedContactMessages.saved),
  contact: TrustedContact,
})
export type TrustedContactSaveResponse = Static<typeof TrustedContactSaveResponse>

export const TrustedContactDeleteResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.Literal(TrustedContactMessages.deleted),
})
export type TrustedContactDeleteResponse = Static<typeof TrustedContactDeleteResponse>
