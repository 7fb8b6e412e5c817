import { createFileRoute, Link } from '@tanstack/react-router'
import { LoginForm } from '../features/auth/LoginForm.tsx'
import { T, useT } from '../features/auth/messages.ts'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: Login,
})

function Login() {
  const { redirect } = Route.useSearch()
  const t = useT()
  return (
    <Page title={t('loginTitle')} className="auth">
      <div className="card auth__card">
        <LoginForm redirect={redirect} />
      </div>
      <p className="auth__note muted">
        <T k="loginNote" components={{ 0: <Link to="/help" /> }} />
      </p>
    </Page>
  )
}
