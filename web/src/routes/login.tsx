import { createFileRoute, Link } from '@tanstack/react-router'
import { LoginForm } from '../features/auth/LoginForm.tsx'
import { Page } from '../ui/Page.tsx'

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: Login,
})

function Login() {
  const { redirect } = Route.useSearch()
  return (
    <Page title="Login to your Account" className="auth">
      <div className="card auth__card">
        <LoginForm redirect={redirect} />
      </div>
      <p className="auth__note muted">
        No account needed for the <Link to="/help">helpline numbers</Link> and the Emergency SOS.
      </p>
    </Page>
  )
}
