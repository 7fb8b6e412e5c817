import { type Static, Type } from 'typebox'
import { Email, ObjectId, Text } from './common.ts'
import { LANGUAGES } from './language-rules.ts'
import { PASSWORD_MIN } from './password-rules.ts'

export const GENDERS = ['male', 'female', 'not to say'] as const
export const Gender = Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Literal('not to say')], {
  title: 'Gender',
  errorMessage: `Gender must be one of: ${GENDERS.join(', ')}`,
})
export type Gender = Static<typeof Gender>

export const Age = Type.Integer({
  title: 'Age',
  minimum: 13,
  maximum: 120,
  errorMessage: 'Age must be a whole number from 13 to 120',
})

/** LANGUAGES as a schema (keep the two lists the same): the language she reads Wings in, kept in her profile. */
export const ProfileLanguage = Type.Union([Type.Literal('en'), Type.Literal('hi'), Type.Literal('mr')], {
  title: 'Language',
  errorMessage: `Language must be one of: ${LANGUAGES.join(', ')}`,
})
export type ProfileLanguage = Static<typeof ProfileLanguage>

export const PASSWORD_HINT = 'Minimum 8 characters, at least 1 symbol, at least 1 capital letter'
/** The shape of a password; a new one must also pass password-rules.ts (spaces, common passwords). */
export const Password = Type.String({
  title: 'Password',
  minLength: PASSWORD_MIN,
  maxLength: 128,
  pattern: '^(?=.*[A-Z])(?=.*[^A-Za-z0-9\\s]).*$',
  messages: {
    minLength: `Password must be at least ${PASSWORD_MIN} characters`,
    maxLength: 'Password must be at most 128 characters',
  },
  rules: [
    { pattern: '[^A-Za-z0-9\\s]', message: 'Password must contain at least 1 symbol' },
    { pattern: '[A-Z]', message: 'Password must contain at least 1 capital letter' },
  ],
})

export const FirstName = Text('First name', 50, 'line')
export const LastName = Text('Last name', 50, 'line')

export const SignupBody = Type.Object(
  {
    firstName: FirstName,
    lastName: LastName,
    age: Age,
    gender: Gender,
    email: Email,
    password: Password,
  },
  { additionalProperties: false },
)
export type SignupBody = Static<typeof SignupBody>

export const LoginBody = Type.Object(
  {
    email: Type.String({ title: 'Email', minLength: 1, maxLength: 254, errorMessage: 'Please fill all fields' }),
    password: Type.String({ title: 'Password', minLength: 1, maxLength: 128, errorMessage: 'Please fill all fields' }),
  },
  { additionalProperties: false },
)
export type LoginBody = Static<typeof LoginBody>

export const User = Type.Object({
  _id: ObjectId,
  firstName: Type.String(),
  lastName: Type.String(),
  age: Type.Integer(),
  gender: Gender,
  email: Type.String(),
  likedPosts: Type.Array(ObjectId),
  dislikedPosts: Type.Array(ObjectId),
  /** Ids of the stories the user saved, newest first. Optional for older stored users; the server always sends it. */
  savedPosts: Type.Optional(Type.Array(ObjectId)),
  /** The language she chose, once she chose one signed in (LANGUAGES); absent for older users. */
  language: Type.Optional(ProfileLanguage),
})
export type User = Static<typeof User>

export const SignupResponse = Type.Object({ success: Type.Literal(true), message: Type.String() })
export type SignupResponse = Static<typeof SignupResponse>

export const LoginResponse = Type.Object({ success: Type.Literal(true), message: Type.String(), data: User })
export type LoginResponse = Static<typeof LoginResponse>

export const LogoutResponse = Type.Object({ success: Type.Literal(true), message: Type.String() })
export type LogoutResponse = Static<typeof LogoutResponse>

export const ProfileResponse = Type.Object({ success: Type.Literal(true), data: User })
export type ProfileResponse = Static<typeof ProfileResponse>

export const ProfileUpdateBody = Type.Object(
  {
    firstName: Type.Optional(FirstName),
    lastName: Type.Optional(LastName),
    age: Type.Optional(Age),
    gender: Type.Optional(Gender),
    language: Type.Optional(ProfileLanguage),
  },
  { additionalProperties: false, minProperties: 1, errorMessage: 'Nothing to update' },
)
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>

export const ProfileUpdateResponse = Type.Object({ success: Type.Literal(true), message: Type.String(), data: User })
export type ProfileUpdateResponse = Static<typeof ProfileUpdateResponse>
