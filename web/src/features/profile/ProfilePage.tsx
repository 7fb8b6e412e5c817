import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, Navigate } from '@tanstack/react-router'
import { type Gender, ProfileUpdateBody, type User } from '@wings/contract'
import { fieldProblems } from '@wings/contract/validate'
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { describeFailure, failureText } from '../../api/failure/failure.ts'
import { isQuotaError, saveFailedMessage } from '../../db/storage.ts'
import { applyLocalProfile } from '../../db/user.ts'
import { queueOp } from '../../sync/outbox.ts'
import { Button } from '../../ui/Button.tsx'
import { Card } from '../../ui/Card.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useFormFields } from '../../ui/useFormFields.ts'
import { PersonFields } from '../auth/components.ts'
import { Avatar, profileQuery, useAuth } from '../auth/index.ts'
import { LanguageSwitcher } from '../language/index.ts'
import { t as message, T, useT } from './messages.ts'
import { TrustedContactsManager } from './TrustedContactsManager.tsx'
import './profile.css'
import { ErrorNote } from '../../ui/ErrorNote.tsx'

export const SAVED_LABEL_MS = 3000

const KEYS = ['firstName', 'lastName', 'age', 'gender'] as const
type Key = (typeof KEYS)[number]
type Values = Record<Key, string>

function valuesOf(user: User): Values {
  return { firstName: user.firstName, lastName: user.lastName, age: String(user.age), gender: user.gender }
}

/** Only the fields she changed: profile edits are last-writer-wins per field (docs/sync.md). */
export function changedFields(body: Record<string, unknown>, user: User): ProfileUpdateBody {
  const patch: Record<string, unknown> = {}
  for (const key of KEYS) {
    if (body[key] !== undefined && body[key] !== user[key]) patch[key] = body[key]
  }
  return patch as ProfileUpdateBody
}

function bodyOf(values: Values): Record<string, unknown> {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    age: values.age.trim() === '' ? undefined : Number(values.age),
    gender: values.gender as Gender,
  }
}

export function ProfilePage() {
  const { user, ready } = useAuth()
  const t = useT()
  if (!ready) return <p className="muted">{t('loading')}</p>
  if (!user) return <Navigate to="/login" search={{ redirect: '/profile' }} replace />
  return <SignedInProfile stored={user} />
}

function SignedInProfile({ stored }: { stored: User }) {
  const { setUser, clearUser } = useAuth()
  const t = useT()
  const toast = useToast()
  const profile = useQuery(profileQuery)
  const [saved, setSaved] = useState(false)
  // Once she has typed, what she typed wins over a copy that arrives later.
  const edited = useRef(false)
  const { values, setValues, field, touchAll } = useFormFields<Key>(
    () => valuesOf(stored),
    () => {
      edited.current = true
    },
  )
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const loaded = profile.data?.data

  useEffect(() => () => clearTimeout(timer.current), [])

  // The stored user (the server's copy with her waiting changes on top) is what the form shows, offline too.
  useEffect(() => {
    if (!edited.current) setValues(valuesOf(stored))
  }, [stored, setValues])

  // A fresh server copy updates the stored user (her changes still waiting stay applied on top).
  useEffect(() => {
    if (loaded) void setUser(loaded)
  }, [loaded, setUser])

  const unauthenticated = profile.error instanceof ApiError && profile.error.status === 401
  useEffect(() => {
    if (unauthenticated) void clearUser()
  }, [unauthenticated, clearUser])
  // Offline (or the server out of reach) the stored copy is shown without an error: that is expected.
  const loadFailed =
    profile.isError && !unauthenticated && !(profile.error instanceof ApiError && profile.error.isNetwork)

  const body = useMemo(() => bodyOf(values), [values])
  const problems = useMemo(() => fieldProblems(ProfileUpdateBody, body), [body])

  // Saved on the phone at once with its op in the outbox; the sync engine sends it when it can.
  const save = useMutation({
    mutationFn: async () => {
      const patch = changedFields(body, stored)
      if (Object.keys(patch).length === 0) return
      await queueOp('profile.update', patch, (tx) => applyLocalProfile(tx, patch))
    },
    onSuccess: () => {
      toast(message('profileUpdated'), { kind: 'success' })
      setSaved(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setSaved(false), SAVED_LABEL_MS)
      edited.current = false
    },
    onError: (error) => {
      const text = isQuotaError(error)
        ? saveFailedMessage(error, '')
        : failureText(error, message('profileUpdateFailed'))
      toast(text, { kind: 'error' })
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    if (Object.keys(problems).length > 0) {
      touchAll(KEYS)
      return
    }
    save.mutate()
  }

  const common = (key: Key) => field(key, problems)

  const shownUser = stored

  return (
    <div className="profile">
      <Card className="profile__card">
        <div className="profile__head">
          <Avatar gender={values.gender || shownUser.gender} size={96} alt="" />
          <div>
            <p className="profile__name">
              {shownUser.firstName} {shownUser.lastName}
            </p>
            <p className="muted">{shownUser.email}</p>
          </div>
        </div>
        {loadFailed ? <ErrorNote failure={describeFailure(profile.error, t('profileLoadFailed'))} /> : null}
        {unauthenticated ? (
          <p className="form__error" role="alert">
            <T k="signedOut" components={{ 0: <Link to="/login" search={{ redirect: '/profile' }} /> }} />
          </p>
        ) : null}
        <form className="form" onSubmit={submit} noValidate aria-label={t('editProfile')}>
          <PersonFields bind={common} />
          <Button type="submit" disabled={save.isPending}>
            {saved ? t('saved') : t('saveProfile')}
          </Button>
        </form>
        <div className="profile__language">
          <LanguageSwitcher showLabel />
        </div>
        <TrustedContactsManager />
        <p className="profile__links">
          <Link to="/routes">{t('myRoutes')}</Link> · <Link to="/safety">{t('safetyTools')}</Link>
        </p>
      </Card>
    </div>
  )
}
