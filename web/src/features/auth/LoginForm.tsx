import { Link, useNavigate } from '@tanstack/react-router'
import { LoginBody } from '@wings/contract'
import { problemOf } from '@wings/contract/validate'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { describeFailure, sentenceOf } from '../../api/failure/failure.ts'
import { Button } from '../../ui/Button.tsx'
import { EMAIL_INPUT } from '../../ui/emailInput.ts'
import { Field, PasswordField } from '../../ui/Field.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { useAuth } from './AuthProvider.tsx'
import { login } from './api.ts'
import { T, useT } from './messages.ts'
import { problemText } from './problems.ts'
import { safeRedirect } from './redirect.ts'

export const LOGIN_REDIRECT_MS = 3000

export function LoginForm({ redirect }: { redirect?: string | undefined }) {
  const t = useT()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const toast = useToast()
  const navigate = useNavigate()
  const { setUser } = useAuth()
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const body = { email: email.trim(), password }
    if (!body.email || !body.password || problemOf(LoginBody, body)) {
      toast(t('fillAll'), { kind: 'error' })
      return
    }
    setBusy(true)
    try {
      const answer = await login(body)
      toast(problemText(answer.message) || t('loginOk'), { kind: 'success', duration: LOGIN_REDIRECT_MS })
      timer.current = setTimeout(() => {
        void setUser(answer.data).then(() => navigate({ to: safeRedirect(redirect) }))
      }, LOGIN_REDIRECT_MS)
    } catch (error) {
      const failure = describeFailure(error, t('loginFailed'))
      toast(sentenceOf({ ...failure, what: problemText(failure.what) }), { kind: 'error' })
      setBusy(false)
    }
  }

  return (
    <form className="form auth-form" onSubmit={submit} noValidate>
      <Field
        label={t('email')}
        name="email"
        {...EMAIL_INPUT}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <PasswordField
        label={t('password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" disabled={busy} className="btn--block">
        {t('login')}
      </Button>
      <p className="form__aside">
        <T k="noAccount" components={{ 0: <Link to="/signup" /> }} />
      </p>
    </form>
  )
}
