import { type Static, Type } from 'typebox'
import { ObjectId, Text } from './common.ts'
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
 * POST /api/contacts/trusted: creates her contact, or updates it when `_id` names one of hers (the client's id
 * when made offline). Another user's `_id` is 403; a phone she already has under another contact is 409.
 */
export const TrustedContactSaveBody = Type.Object(
  { _id: Type.Optional(ObjectId), ...contactFields },
  { additionalProperties: false },
)
export type TrustedContactSaveBody = Static<typeof TrustedContactSaveBody>

/** 'trusted.save': like TrustedContactSaveBody, but `_id` is required (the phone made the contact, so it named it). */
export const TrustedContactSaveOp = Type.Object({ _id: ObjectId, ...contactFields }, { additionalProperties: false })
export type TrustedContactSaveOp = Static<typeof TrustedContactSaveOp>

/** 'trusted.delete' */
export const TrustedContactRefOp = Type.Object({ _id: ObjectId }, { additionalProperties: false })
export type TrustedContactRefOp = Static<typeof TrustedContactRefOp>

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

/** DELETE /api/contacts/trusted/:id */
export const TrustedContactIdParams = Type.Object({ id: ObjectId })
