import { Link, useNavigate } from '@tanstack/react-router'
import { Email, GENDERS, passwordSpacingProblem, SignupBody } from '@wings/contract'
import { fieldProblems, isValid } from '@wings/contract/validate'
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import { describeFailure, sentenceOf } from '../../api/failure/failure.ts'
import { Button } from '../../ui/Button.tsx'
import { EMAIL_INPUT } from '../../ui/emailInput.ts'
import { Field, PasswordField, SelectField } from '../../ui/Field.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useFormFields } from '../../ui/useFormFields.ts'
import { signup } from './api.ts'
import { T, useT } from './messages.ts'
import { problemText, RULE_VALUES } from './problems.ts'

export const SIGNUP_REDIRECT_MS = 2000

const KEYS = ['firstName', 'lastName', 'age', 'gender', 'email', 'password'] as const
type Key = (typeof KEYS)[number]
type Values = Record<Key, string>

const EMPTY: Values = { firstName: '', lastName: '', age: '', gender: '', email: '', password: '' }

const GENDER_KEYS = { male: 'genderMale', female: 'genderFemale', 'not to say': 'genderNotToSay' } as const

type PersonKey = 'firstName' | 'lastName' | 'age' | 'gender'

/** A field's value, handlers and message, as useFormFields' `field` gives them. */
type Bound = ReturnType<ReturnType<typeof useFormFields<PersonKey>>['field']>

/** Her name, age and gender: on the signup form and on her profile. */
export function PersonFields({
  bind,
  genderPlaceholder,
}: {
  bind: (key: PersonKey) => Omit<Bound, 'name'> & { name: string }
  genderPlaceholder?: string
}) {
  const t = useT()
  const genders = GENDERS.map((g) => ({ value: g, label: t(GENDER_KEYS[g]) }))
  // The contract's rules speak English: each field's problem in her language.
  const shown = (key: PersonKey) => {
    const bound = bind(key)
    return { ...bound, error: problemText(bound.error) }
  }
  return (
    <>
      <div className="form__row">
        <Field label={t('firstName')} autoComplete="given-name" {...shown('firstName')} />
        <Field label={t('lastName')} autoComplete="family-name" {...shown('lastName')} />
      </div>
      <div className="form__row">
        <Field label={t('age')} type="number" inputMode="numeric" min={13} max={120} step={1} {...shown('age')} />
        <SelectField label={t('gender')} placeholder={genderPlaceholder} options={genders} {...shown('gender')} />
      </div>
    </>
  )
}

/** The body the server receives: age as a number, names and e-mail trimmed. */
export function signupBody(values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    gender: values.gender,
    email: values.email.trim(),
    password: values.password,
  }
  if (values.age.trim() !== '') body.age = Number(values.age)
  for (const key of ['firstName', 'lastName', 'gender', 'email', 'password'] as const) {
    if (body[key] === '') delete body[key]
  }
  return body
}

/**
 * Each field's first problem. A common password is told by the server only: its list would weigh more than the
 * whole home page (about 200 KB gzipped).
 */
export function signupProblems(body: Record<string, unknown>): Record<string, string> {
  const problems = fieldProblems(SignupBody, body)
  const spacing = typeof body.password === 'string' ? passwordSpacingProblem(body.password) : null
  return problems.password || !spacing ? problems : { ...problems, password: spacing }
}

/** The spec's rule for the Create button: every field filled and the e-mail valid. */
export function canCreate(values: Values): boolean {
  return KEYS.every((k) => values[k].trim() !== '') && isValid(Email, values.email.trim())
}

export function SignupForm() {
  const t = useT()
  const { values, field, showProblems } = useFormFields<Key>(EMPTY)
  const [busy, setBusy] = useState(false)
  const toast = useToast()
  const navigate = useNavigate()
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const body = useMemo(() => signupBody(values), [values])
  const problems = useMemo(() => signupProblems(body), [body])

  const common = (key: Key) => field(key, problems)
  const shown = (key: 'email' | 'password') => {
    const bound = common(key)
    return { ...bound, error: problemText(bound.error) }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || !canCreate(values)) return
    if (showProblems(event.currentTarget, KEYS, problems)) return
    setBusy(true)
    try {
      const answer = await signup(body as SignupBody)
      toast(problemText(answer.message) || t('signupOk'), { kind: 'success' })
      timer.current = setTimeout(() => {
        void navigate({ to: '/login' })
      }, SIGNUP_REDIRECT_MS)
    } catch (error) {
      const failure = describeFailure(error, t('signupFailed'))
      toast(sentenceOf({ ...failure, what: problemText(failure.what) }), { kind: 'error' })
      setBusy(false)
    }
  }

  return (
    <form className="form auth-form" onSubmit={submit} noValidate>
      <PersonFields bind={common} genderPlaceholder={t('selectGender')} />
      <Field label={t('email')} {...EMAIL_INPUT} {...shown('email')} />
      <PasswordField
        label={t('password')}
        autoComplete="new-password"
        hint={t('passwordHint', RULE_VALUES)}
        {...shown('password')}
      />
      <Button type="submit" className="btn--block" disabled={busy || !canCreate(values)}>
        {busy ? t('creating') : t('create')}
      </Button>
      <p className="form__aside">
        <T k="haveAccount" components={{ 0: <Link to="/login" /> }} />
      </p>
    </form>
  )
}
